import type { DeviceInfo } from '@cricket/contracts';
import { UAParser } from 'ua-parser-js';

/**
 * Spec §3 "Login device info": name is vendor plus model, else the OS name, else
 * 'Unknown Device'; type is the detected device type, else mobile on iOS or Android,
 * else desktop.
 */
export function detectDeviceInfo(userAgent: string = navigator.userAgent): DeviceInfo {
  const { device, os } = new UAParser(userAgent).getResult();
  const vendorModel = [device.vendor, device.model].filter(Boolean).join(' ');
  const name = vendorModel || os.name || 'Unknown Device';
  const type = device.type || (os.name === 'iOS' || os.name === 'Android' ? 'mobile' : 'desktop');
  return { name, type };
}

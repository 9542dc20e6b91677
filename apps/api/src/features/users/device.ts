import { describeDevice } from '@cricket/contracts';
import { UAParser } from 'ua-parser-js';

/**
 * The browser and system a session signed in from, read from the User-Agent header the server
 * recorded (ua-parser-js 1.x, MIT; 2.x is AGPL). The client's own device_info (spec §3) names
 * a computer by its system alone, so every desktop session read 'Linux · desktop'.
 */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = new UAParser(userAgent).getResult();
  return describeDevice(browser.name, os.name);
}

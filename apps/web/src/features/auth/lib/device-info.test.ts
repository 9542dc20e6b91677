import { describe, expect, it } from 'vitest';
import { detectDeviceInfo } from './device-info';

describe('detectDeviceInfo', () => {
  it('names a phone by vendor and model and keeps its detected type', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(detectDeviceInfo(iphone)).toEqual({ name: 'Apple iPhone', type: 'mobile' });
  });

  it('falls back to the OS name and desktop for a computer', () => {
    const linux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    expect(detectDeviceInfo(linux)).toEqual({ name: 'Linux', type: 'desktop' });
  });

  it('says Unknown Device when nothing is recognised', () => {
    expect(detectDeviceInfo('curl/8.5.0')).toEqual({ name: 'Unknown Device', type: 'desktop' });
  });
});

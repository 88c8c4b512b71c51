import { ipOfViewerAddress, viewerAddress } from '@clubs/functions/http/viewer-address';
import { sourceKey } from '@clubs/functions/source-key';
import { describe, expect, it } from 'vitest';
import { httpEvent } from '../support/http-event.ts';

describe('the viewer address of a request', () => {
  it("reads CloudFront-Viewer-Address's IP (v4 or v6, the port last) and refuses anything else", () => {
    expect(ipOfViewerAddress('203.0.113.7:46532')).toBe('203.0.113.7');
    expect(ipOfViewerAddress('2001:db8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(ipOfViewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    for (const bad of [undefined, '', '203.0.113.7', 'example.com:443', 'a+1@x:443', '999.1.1.1:443']) {
      expect(ipOfViewerAddress(bad), String(bad)).toBeNull();
    }
  });

  it("prefers CloudFront's header and otherwise takes API Gateway's sourceIp, never X-Forwarded-For", () => {
    const viaCloudFront = httpEvent('sendContactMessage', {
      headers: { 'cloudfront-viewer-address': '203.0.113.7:1234', 'x-forwarded-for': '192.0.2.1' },
    });
    expect(viewerAddress(viaCloudFront)).toBe('203.0.113.7');
    const direct = httpEvent('sendContactMessage', {
      headers: { 'cloudfront-viewer-address': 'forged', 'x-forwarded-for': '192.0.2.1' },
    });
    expect(viewerAddress(direct)).toBe('127.0.0.1');
  });

  it('counts an IPv6 /64 as one source and an IPv4-mapped address as its IPv4 address', () => {
    expect(sourceKey('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('2001:db8:85a3:12::1')).toBe('2001:0db8:85a3:0012::/64');
    expect(sourceKey('2001:DB8:85A3:12:ffff:1:2:3')).toBe('2001:0db8:85a3:0012::/64');
    expect(sourceKey('::1')).toBe('0000:0000:0000:0000::/64');
  });
});

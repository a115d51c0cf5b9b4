import { describe, expect, it } from 'vitest'
import { passableCandidate, passableSdp, startedMinutes } from './calls.ts'

const relay =
  'candidate:1 1 udp 41885695 203.0.113.7 50010 typ relay raddr 198.51.100.23 rport 61000 generation 0 ufrag ab network-cost 50'
const host = 'candidate:2 1 udp 2122260223 192.168.1.20 52000 typ host generation 0 ufrag ab network-id 1'
const srflx =
  'candidate:3 1 udp 1686052607 198.51.100.23 61000 typ srflx raddr 192.168.1.20 rport 52000 generation 0'

describe('passableCandidate', () => {
  it("passes a relay's candidate with the member's own address blanked", () => {
    const passed = passableCandidate(relay, 'relay')
    expect(passed).toContain('203.0.113.7 50010 typ relay')
    expect(passed).toContain('raddr 0.0.0.0 rport 0')
    expect(passed).not.toContain('198.51.100.23')
  })

  it('passes neither host nor reflexive candidates through the relay', () => {
    expect(passableCandidate(host, 'relay')).toBeNull()
    expect(passableCandidate(srflx, 'relay')).toBeNull()
    expect(passableCandidate('candidate:garbage', 'relay')).toBeNull()
  })

  it('passes only host candidates on one machine without a relay', () => {
    expect(passableCandidate(host, 'local')).toBe(host)
    expect(passableCandidate(srflx, 'local')).toBeNull()
    expect(passableCandidate(relay, 'local')).toBeNull()
  })
})

describe('passableSdp', () => {
  it('keeps the description and only the candidates that may pass', () => {
    const sdp = [
      'v=0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      `a=${host}`,
      `a=${relay}`,
      `a=${srflx}`,
      'a=end-of-candidates',
    ].join('\r\n')
    const passed = passableSdp(sdp, 'relay')
    expect(passed).not.toContain('192.168.1.20')
    expect(passed).not.toContain('198.51.100.23')
    expect(passed).toContain('203.0.113.7')
    expect(passed).toContain('a=end-of-candidates')
  })
})

describe('startedMinutes', () => {
  it('counts every started minute, one at least', () => {
    expect(startedMinutes(0)).toBe(1)
    expect(startedMinutes(60)).toBe(1)
    expect(startedMinutes(61)).toBe(2)
    expect(startedMinutes(179)).toBe(3)
  })
})

import type { CallSignal, IceConfig } from '#common/schemas/calls.ts'

/** What a call's page sends the other member through the server (the call's id is added). */
type Outgoing = Omit<CallSignal, 'call'>

/** The camera and microphone for a call: 640×360 video when asked for, the front camera first. */
export function openMedia(video: boolean, deviceId?: string): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('no media devices'))
  return navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true },
    video: video
      ? {
          width: { ideal: 640 },
          height: { ideal: 360 },
          ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'user' }),
        }
      : false,
  })
}

/**
 * One side of a call's peer connection (issue 59, ADR 37): through the relay only when the server
 * says so (iceTransportPolicy 'relay'), the local tracks sent, the other's stream handed to the
 * page. The caller makes the offer once the callee accepted; candidates that arrive before the
 * other's description wait for it.
 */
export class CallPeer {
  readonly connection: RTCPeerConnection
  private waiting: RTCIceCandidateInit[] = []
  private described = false
  private readonly send: (signal: Outgoing) => void

  constructor(
    ice: IceConfig,
    local: MediaStream,
    send: (signal: Outgoing) => void,
    handlers: { onRemote: (stream: MediaStream) => void; onState: (state: RTCPeerConnectionState) => void },
  ) {
    this.send = send
    this.connection = new RTCPeerConnection({
      iceServers: ice.servers,
      iceTransportPolicy: ice.policy,
    })
    for (const track of local.getTracks()) this.connection.addTrack(track, local)
    // A voice call still receives the other's video when they turn a camera on: one of each, always.
    if (local.getVideoTracks().length === 0)
      this.connection.addTransceiver('video', { direction: 'recvonly' })
    this.connection.onicecandidate = ({ candidate }) => {
      if (candidate?.candidate)
        this.send({
          candidate: {
            candidate: candidate.candidate,
            sdpMid: candidate.sdpMid,
            sdpMLineIndex: candidate.sdpMLineIndex,
          },
        })
    }
    this.connection.ontrack = ({ streams, track }) =>
      handlers.onRemote(streams[0] ?? new MediaStream([track]))
    this.connection.onconnectionstatechange = () => handlers.onState(this.connection.connectionState)
  }

  /** The caller's offer, once the callee accepted. */
  async offer() {
    const offer = await this.connection.createOffer()
    await this.connection.setLocalDescription(offer)
    this.send({ description: { type: 'offer', sdp: offer.sdp ?? '' } })
  }

  /** The other member's description or candidate. */
  async receive(signal: Pick<CallSignal, 'description' | 'candidate'>) {
    if (signal.description) {
      await this.connection.setRemoteDescription(signal.description)
      this.described = true
      if (signal.description.type === 'offer') {
        const answer = await this.connection.createAnswer()
        await this.connection.setLocalDescription(answer)
        this.send({ description: { type: 'answer', sdp: answer.sdp ?? '' } })
      }
      for (const candidate of this.waiting.splice(0)) await this.connection.addIceCandidate(candidate)
    }
    if (signal.candidate) {
      const candidate = {
        candidate: signal.candidate.candidate,
        sdpMid: signal.candidate.sdpMid ?? null,
        sdpMLineIndex: signal.candidate.sdpMLineIndex ?? null,
      }
      if (this.described) await this.connection.addIceCandidate(candidate)
      else this.waiting.push(candidate)
    }
  }

  /**
   * Fresh relay credentials (theirs last 10 minutes): the next gathering uses them; the caller
   * restarts ICE with a new offer, which the callee answers as any offer.
   */
  async renew(ice: IceConfig, restart: boolean) {
    this.connection.setConfiguration({ iceServers: ice.servers, iceTransportPolicy: ice.policy })
    if (!restart) return
    const offer = await this.connection.createOffer({ iceRestart: true })
    await this.connection.setLocalDescription(offer)
    this.send({ description: { type: 'offer', sdp: offer.sdp ?? '' } })
  }

  /** Puts another camera's track in place of the one sent (a phone's front and back). */
  async replaceVideo(track: MediaStreamTrack) {
    const sender = this.connection.getSenders().find((s) => s.track?.kind === 'video')
    await sender?.replaceTrack(track)
  }

  close() {
    this.connection.close()
  }
}

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { api } from '#common/api.ts'
import type { CallSignal, IceConfig } from '#common/schemas/calls.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { useFrames, useMemberConnection } from '../../lib/member-connection.tsx'
import { CallScreen } from './call-screen.tsx'
import type { CallMeter, CallPartner, CallView } from './call-state.ts'
import { CallPeer, openMedia } from './peer.ts'
import { useRingNotificationsClosed } from './ring-notifications.ts'

type CallFrame = Exclude<Extract<ServerFrame, { type: `call.${string}` }>, { type: 'call.consent' }>

interface Calls {
  /** Calls the other member of a conversation; false when a call is already on screen. */
  start: (conversation: number, partner: CallPartner, video: boolean) => void
  /** Why the last start was refused (the server's words), for the button that made it. */
  refusal: string | null
}

const CallsContext = createContext<Calls>({ start: () => {}, refusal: null })
export const useCalls = () => useContext(CallsContext)

/**
 * The member's calls on every page (issue 59, ADR 37): the ring of an incoming call, the caller's
 * own ring, the call itself and how it ended. One call at a time; its media and peer connection
 * live here, the screen draws them.
 */
export function CallProvider({ children }: { children: ReactNode }) {
  const { sendSignal } = useMemberConnection()
  const [view, setView] = useState<CallView | null>(null)
  const [meter, setMeter] = useState<CallMeter | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [local, setLocal] = useState<MediaStream | null>(null)
  const [remote, setRemote] = useState<MediaStream | null>(null)
  const [shownByOther, setShownByOther] = useState(false)
  const peer = useRef<CallPeer | null>(null)
  const media = useRef<MediaStream | null>(null)
  const current = useRef<CallView | null>(null)
  /** Signals of this call that came before its peer connection. */
  const early = useRef<CallSignal[]>([])
  /** The caller's relay configuration, until the callee accepts and the offer is made. */
  const pending = useRef<{ call: number; ice: IceConfig } | null>(null)
  current.current = view

  const hangUpMedia = useCallback(() => {
    peer.current?.close()
    peer.current = null
    for (const track of media.current?.getTracks() ?? []) track.stop()
    media.current = null
    early.current = []
    setLocal(null)
    setRemote(null)
    setMeter(null)
    setShownByOther(false)
  }, [])

  const ended = useCallback(
    (reason: Extract<CallView, { phase: 'ended' }>['reason']) => {
      const was = current.current
      hangUpMedia()
      if (!was || was.phase === 'ended') return
      setView({
        phase: 'ended',
        call: 'call' in was ? was.call : null,
        partner: was.partner,
        reason,
        answered: was.phase === 'connecting' || was.phase === 'connected',
      })
    },
    [hangUpMedia],
  )

  const connect = useCallback(
    (call: number, ice: IceConfig, stream: MediaStream) => {
      const connection = new CallPeer(ice, stream, (signal) => sendSignal({ ...signal, call }), {
        onRemote: setRemote,
        onState: (state) => {
          const now = current.current
          if (!now || !('call' in now) || now.call !== call) return
          if (state === 'connected' && now.phase === 'connecting') setView({ ...now, phase: 'connected' })
          if (state === 'failed') {
            void callApi(api.endCall, { body: { call } }).catch(() => {})
            ended('failed')
          }
        },
      })
      peer.current = connection
      for (const signal of early.current.splice(0)) void connection.receive(signal)
      return connection
    },
    [sendSignal, ended],
  )

  const start = useCallback(
    (conversation: number, partner: CallPartner, video: boolean) => {
      if (current.current && current.current.phase !== 'ended') return
      setRefusal(null)
      setView({ phase: 'starting', partner, video })
      void (async () => {
        let stream: MediaStream
        try {
          stream = await openMedia(video)
        } catch {
          setView({ phase: 'ended', call: null, partner, reason: 'no_media', answered: false })
          return
        }
        media.current = stream
        setLocal(stream)
        try {
          const started = await callApi(api.startCall, { body: { conversation, video } })
          setView({ phase: 'outgoing', call: started.call, partner, video })
          // The offer waits for the callee's answer (call.accepted).
          pending.current = { call: started.call, ice: started.ice }
        } catch (error) {
          hangUpMedia()
          setView(null)
          setRefusal(error instanceof ApiError ? error.message : String(error))
        }
      })()
    },
    [hangUpMedia],
  )

  const answer = useCallback(
    async (withCamera: boolean) => {
      const ring = current.current
      if (ring?.phase !== 'incoming') return
      let stream: MediaStream
      try {
        stream = await openMedia(withCamera && ring.video)
      } catch {
        void callApi(api.answerCall, { body: { call: ring.call, accept: false } }).catch(() => {})
        setView({
          phase: 'ended',
          call: ring.call,
          partner: ring.partner,
          reason: 'no_media',
          answered: false,
        })
        return
      }
      media.current = stream
      setLocal(stream)
      setView({
        phase: 'connecting',
        call: ring.call,
        partner: ring.partner,
        video: ring.video,
        role: 'callee',
      })
      try {
        const { ice } = await callApi(api.answerCall, { body: { call: ring.call, accept: true } })
        if (ice) connect(ring.call, ice, stream)
      } catch {
        ended('ended')
      }
    },
    [connect, ended],
  )

  const decline = useCallback(() => {
    const ring = current.current
    if (ring?.phase !== 'incoming') return
    void callApi(api.answerCall, { body: { call: ring.call, accept: false } }).catch(() => {})
    setView(null)
  }, [])

  const hangUp = useCallback(() => {
    const now = current.current
    if (now && 'call' in now && now.call !== null)
      void callApi(api.endCall, { body: { call: now.call } }).catch(() => {})
    if (now?.phase === 'outgoing' || now?.phase === 'starting') {
      hangUpMedia()
      setView(null)
    } else ended('ended')
  }, [ended, hangUpMedia])

  const show = useCallback(() => {
    const now = current.current
    if (now && 'call' in now && now.call !== null) sendSignal({ call: now.call, shown: true })
  }, [sendSignal])

  useFrames((frame) => {
    if (!frame.type.startsWith('call.') || frame.type === 'call.consent') return
    const f = frame as CallFrame
    const now = current.current
    if (f.type === 'call.ringing') {
      // A second call while one is on screen is not shown (the server rings only a free member).
      if (now && now.phase !== 'ended') return
      setView({
        phase: 'incoming',
        call: f.call,
        partner: f.caller,
        video: f.video,
        ringEndsAt: Date.now() + Math.max(0, Date.parse(f.ring_ends_at) - Date.now()),
      })
      return
    }
    if (!now || !('call' in now) || now.call !== f.call) return
    switch (f.type) {
      case 'call.accepted': {
        // Answered on another of this member's pages: this one stops ringing.
        if (now.phase === 'incoming') {
          setView(null)
          return
        }
        const stream = media.current
        const waiting = pending.current
        if (now.phase !== 'outgoing' || !stream || !waiting) return
        setView({
          phase: 'connecting',
          call: now.call,
          partner: now.partner,
          video: now.video,
          role: 'caller',
        })
        void connect(waiting.call, waiting.ice, stream).offer()
        return
      }
      case 'call.signal':
        if (f.shown) setShownByOther(true)
        if (!f.description && !f.candidate) return
        if (peer.current) void peer.current.receive(f)
        else early.current.push(f)
        return
      case 'call.meter':
        if (f.ice) void peer.current?.renew(f.ice, 'role' in now && now.role === 'caller')
        // The first minute's meter comes as the call is answered: this page's clock counts from it.
        setMeter((m) => ({
          since: m?.since ?? Date.now(),
          minutes: f.minutes,
          creditsPerMinute: f.credits_per_minute,
          balance: f.balance,
        }))
        return
      case 'call.ended':
        if (now.phase === 'incoming') setView(null)
        else ended(f.reason)
        return
    }
  })

  // A ring on this page ends by itself at its end, whatever the socket did meanwhile.
  useEffect(() => {
    if (view?.phase !== 'incoming') return
    const timer = setTimeout(
      () => setView((v) => (v === view ? null : v)),
      Math.max(0, view.ringEndsAt - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [view])

  useEffect(() => hangUpMedia, [hangUpMedia])
  useRingNotificationsClosed()

  const value = useMemo(() => ({ start, refusal }), [start, refusal])
  return (
    <CallsContext.Provider value={value}>
      {children}
      {view ? (
        <CallScreen
          view={view}
          meter={meter}
          local={local}
          remote={remote}
          shownByOther={shownByOther}
          peer={peer}
          actions={{ answer, decline, hangUp, show, close: () => setView(null) }}
        />
      ) : null}
    </CallsContext.Provider>
  )
}

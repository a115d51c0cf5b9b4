// npm run bench:voice (issue 58): voice notes on this machine.
// 1. The voice thread (FFmpeg's WebAssembly build): the first note (FFmpeg loading), then what a
//    minute of recording costs to decode, measure, draw and encode again, and the bytes a minute
//    keeps; beside its ceiling, the same minute only decoded (what any check of the audio costs).
// 2. Upload to delivery: 100 voice notes sent at once by 100 members to 100 others through a real
//    node on PostgreSQL, each timed from its upload's start to the frame on the receiver's socket.
// DATABASE_URL names a scratch PostgreSQL database, else the bench starts one of its own.
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '../server/db/client.ts'
import { loadFFmpeg } from '../server/lib/voice/ffmpeg-core.ts'
import { createVoiceProcessor } from '../server/lib/voice/voice-processor.ts'
import { missingPrograms, PostgresServer } from '../tests/support/cluster.ts'
import { call, clientId, MemberPage, newMember } from '../tests/support/cluster-members.ts'
import { startServer, waitReady } from './server.ts'

const NOTES = Number(process.env.BENCH_VOICE_NOTES ?? 100)
const ROUNDS = 3
const PORT = 3193
const base = `http://127.0.0.1:${PORT}`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** A minute of recording as Chromium sends it (Opus in WebM), made here with FFmpeg. */
async function aMinuteOfOpus(): Promise<{ opus: Uint8Array; decodeMs: () => number }> {
  const ffmpeg = await loadFFmpeg()
  ffmpeg.exec(
    ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=60', '-af', 'volume=0.5'],
    ...['-c:a', 'libopus', '-b:a', '24k', '-ac', '1', 'minute.webm'],
  )
  const opus = ffmpeg.FS.readFile('minute.webm')
  return {
    opus,
    // The ceiling: the same minute decoded to the waveform's samples, nothing else.
    decodeMs() {
      ffmpeg.reset()
      const started = performance.now()
      ffmpeg.exec('-v', 'error', '-i', 'minute.webm', '-ac', '1', '-ar', '8000', '-f', 's16le', 'out.pcm')
      return performance.now() - started
    },
  }
}

async function threadFigures() {
  const rss = () => process.memoryUsage().rss / 1024 / 1024
  const bare = rss()
  const voice = createVoiceProcessor()
  const recording = await readFile(new URL('../tests/fixtures/voice-6s.webm', import.meta.url))
  let started = performance.now()
  await voice.process({ audio: recording, maxSeconds: 60 })
  const loading = performance.now() - started
  const withThread = rss()
  const { opus, decodeMs } = await aMinuteOfOpus()
  const perMinute: number[] = []
  const ceiling: number[] = []
  let kept = 0
  for (let round = 0; round < ROUNDS; round++) {
    started = performance.now()
    const heard = await voice.process({ audio: opus, maxSeconds: 60 })
    perMinute.push(performance.now() - started)
    if (!heard.ok) throw new Error(`a minute refused: ${heard.refused}`)
    kept = (heard.m4a.length / heard.seconds) * 60
    ceiling.push(decodeMs())
  }
  await voice.close()
  console.log('\nvoice thread (FFmpeg WebAssembly, one thread), a minute of Opus in WebM at 24 kbit/s')
  console.log(`first note, FFmpeg loading included      ${loading.toFixed(0)} ms`)
  console.log(
    `a minute decoded, measured, drawn, encoded ${median(perMinute).toFixed(0)} ms (median of ${ROUNDS})`,
  )
  console.log(
    `ceiling: the minute only decoded         ${median(ceiling).toFixed(0)} ms (${(median(perMinute) / median(ceiling)).toFixed(1)}× with the encoding)`,
  )
  console.log(
    `kept: AAC in MP4, ${(kept / 1024).toFixed(0)} KB a minute (sent: ${(opus.length / 1024).toFixed(0)} KB)`,
  )
  console.log(
    `memory: ${withThread.toFixed(0)} MB with the thread, ${bare.toFixed(0)} MB before it (+${(withThread - bare).toFixed(0)} MB)`,
  )
}

async function uploadToDelivery() {
  let own: PostgresServer | null = null
  let databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    if (missingPrograms().some((m) => m.startsWith('PostgreSQL'))) {
      console.log('\nvoice upload to delivery: skipped (no PostgreSQL: set DATABASE_URL or install it)')
      return
    }
    own = await PostgresServer.create(mkdtempSync(path.join(tmpdir(), 'dating-bench-voice-')))
    databaseUrl = own.url
  }
  let errorsLogged = 0
  const server = startServer(
    PORT,
    '.tmp/bench-voice',
    { SEED_MEMBERS: '0', SIGNUP_LIMIT_PER_HOUR: '100000', DATABASE_URL: databaseUrl },
    // pino's levels: 50 error, 60 fatal; the node's other lines are not the bench's.
    (line) => {
      if (/"level":(50|60)/.test(line)) errorsLogged++
    },
  )
  const database = await openDatabase({ url: databaseUrl })
  try {
    await waitReady(base)
    const recording = await readFile(new URL('../tests/fixtures/voice-6s.webm', import.meta.url))
    const pairs = []
    for (let i = 0; i < NOTES; i++) {
      const sender = await newMember(base, database, `Speaker${i}`, 100)
      const receiver = await newMember(base, database, `Listener${i}`)
      const opened = await call(base, sender, 'POST', '/api/message.php', {
        profile: receiver.profileId,
        text: 'Hello',
        client_id: clientId(),
      })
      if (opened.status !== 200) throw new Error(`opening: ${opened.status} ${opened.text}`)
      const page = new MemberPage(base, receiver)
      await page.open()
      pairs.push({ sender, page, conversation: (opened.json() as { conversation: number }).conversation })
    }
    // One warm note: FFmpeg loads in the node's thread.
    const warm = pairs[0]
    if (warm) await sendVoice(warm.sender, warm.conversation, recording, clientId())
    const started = new Map<string, number>()
    const answered: number[] = []
    let refused = 0
    const wall = performance.now()
    await Promise.all(
      pairs.map(async ({ sender, conversation }) => {
        const id = clientId()
        started.set(id, performance.now())
        const status = await sendVoice(sender, conversation, recording, id)
        if (status === 200) answered.push(performance.now() - (started.get(id) ?? 0))
        else refused++
      }),
    )
    await new Promise((r) => setTimeout(r, 500))
    const delivered: number[] = []
    for (const { page } of pairs)
      for (const [id, at] of page.arrived) {
        const from = started.get(id)
        if (from !== undefined) delivered.push(at - from)
      }
    const seconds = (performance.now() - wall) / 1000
    console.log(`\nvoice notes: ${NOTES} sent at once (a 6 s recording each), one node, PostgreSQL, loopback`)
    console.log(
      `upload to delivery (receiver's socket)   p50 ${percentile(delivered, 50).toFixed(0)} ms, p95 ${percentile(delivered, 95).toFixed(0)} ms (${delivered.length} delivered, ${refused} refused)`,
    )
    console.log(
      `upload to the sender's answer            p50 ${percentile(answered, 50).toFixed(0)} ms, p95 ${percentile(answered, 95).toFixed(0)} ms; all in ${seconds.toFixed(1)} s (${(NOTES / seconds).toFixed(1)} notes a second)`,
    )
    console.log(`errors the node logged                    ${errorsLogged}`)
    for (const { page } of pairs) page.close()
  } finally {
    await database.close()
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill()
    await exited
    own?.kill()
  }
}

async function sendVoice(
  sender: { cookie: string },
  conversation: number,
  recording: Buffer,
  id: string,
): Promise<number> {
  const form = new FormData()
  form.set('kind', 'voice')
  form.set('conversation', String(conversation))
  form.set('client_id', id)
  form.set('text', '')
  form.set('photo', new Blob([new Uint8Array(recording)], { type: 'audio/webm' }), 'voice.webm')
  const res = await fetch(`${base}/api/message-file.php`, {
    method: 'POST',
    headers: { cookie: sender.cookie, origin: base },
    body: form,
  })
  await res.arrayBuffer()
  return res.status
}

await threadFigures()
await uploadToDelivery()

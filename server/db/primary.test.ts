import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { hostUrls, locatePrimary } from './primary.ts'

describe('the primary among several hosts (ADR 39)', () => {
  it('reads a multi-host URL as pg_auto_failover writes it into one URL per host, in order', () => {
    expect(
      hostUrls(
        'postgres://app:secret@10.0.0.1:5432,10.0.0.2:5433/dating?target_session_attrs=read-write&sslmode=require',
      ),
    ).toEqual([
      'postgres://app:secret@10.0.0.1:5432/dating?sslmode=require',
      'postgres://app:secret@10.0.0.2:5433/dating?sslmode=require',
    ])
    expect(hostUrls('postgresql://a,b:6000/db?target_session_attrs=read-write')).toEqual([
      'postgresql://a/db',
      'postgresql://b:6000/db',
    ])
  })

  it('leaves a one-host URL as it is, with node-postgres’ own client', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable'
    expect(hostUrls(url)).toEqual([url])
    const primary = locatePrimary(url)
    expect(primary).toMatchObject({ failover: false, url, Client: pg.Client })
    expect(primary.current()).toBe(url)
  })

  it('fails a connection at once, as unavailable (503), when no host answers', async () => {
    // Two ports nothing listens on (the discard and echo ports of loopback, closed here).
    const primary = locatePrimary('postgres://u@127.0.0.1:9,127.0.0.1:7/db', { giveUpMs: 300, pauseMs: 50 })
    expect(primary.failover).toBe(true)
    const first = new primary.Client()
    await expect(first.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    // The search for the primary is on: the next connection waits a round of it, then gives up.
    const second = new primary.Client()
    await expect(second.connect()).rejects.toMatchObject({ code: '08001' })
  })
})

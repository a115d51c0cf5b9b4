// npm run test:faults (ADR 22): two app nodes behind nginx on exactly deploy/nginx/dating.conf.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { MemberPage, newMember } from '../support/cluster-members.ts'
import { describeCluster } from './describe-cluster.ts'

describeCluster('two nodes behind nginx on deploy/nginx/dating.conf', (cluster) => {
  it('balances sockets over both nodes and serves built files from disk, cached for a year and compressed', async () => {
    const c = cluster()
    const [a, b] = c.nodes
    const alice = await newMember(c.nginx.base, c.database, 'Alice')
    const pages = [new MemberPage(c.nginx.base, alice), new MemberPage(c.nginx.base, alice)]
    for (const page of pages) await page.open()
    // least_conn: the second socket goes to the node without one.
    expect([await a.sockets(), await b.sockets()]).toEqual([1, 1])
    for (const page of pages) page.close()

    // A script the build compressed (one under tools/precompress.ts's minimum size is served as it is).
    const files = readdirSync(path.resolve('build/client/assets'))
    const assets = files.filter((f) => f.endsWith('.js') && files.includes(`${f}.gz`))
    const asset = await fetch(`${c.nginx.base}/assets/${assets[0]}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-encoding')).toBe('gzip')
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
  })
})

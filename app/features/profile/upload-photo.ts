import type { z } from 'zod'
import type { PhotoResponse } from '#common/schemas/members.ts'
import { ApiError } from '../../lib/api-client.ts'

/** Uploads one photo (POST /api/photos.php, field `photo`) and reports progress from 0 to 1. */
export function uploadPhoto(
  file: File,
  onProgress: (ratio: number) => void,
): Promise<z.infer<typeof PhotoResponse>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/photos.php')
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText)
        } catch {
          return null
        }
      })()
      if (request.status >= 200 && request.status < 300) resolve(body)
      else
        reject(
          new ApiError(
            request.status,
            body?.error?.code ?? 'request.failed',
            body?.error?.message ?? request.statusText,
          ),
        )
    }
    request.onerror = () => reject(new ApiError(0, 'request.network', ''))
    const form = new FormData()
    form.append('photo', file)
    request.send(form)
  })
}

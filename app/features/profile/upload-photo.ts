import { api } from '#common/api.ts'
import { ApiError, type CallOutput, callForm } from '../../lib/api-client.ts'

/**
 * Uploads one photo (the table's uploadPhoto call, field `photo`) and reports progress from 0 to 1:
 * an XMLHttpRequest, since fetch tells nothing of an upload's progress.
 */
export function uploadPhoto(
  file: File,
  onProgress: (ratio: number) => void,
): Promise<CallOutput<typeof api.uploadPhoto>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(api.uploadPhoto.method, api.uploadPhoto.path)
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
      if (request.status >= 200 && request.status < 300) {
        resolve(body as CallOutput<typeof api.uploadPhoto>)
      } else
        reject(
          new ApiError(
            request.status,
            body?.error?.code ?? 'request.failed',
            body?.error?.message ?? request.statusText,
          ),
        )
    }
    request.onerror = () => reject(new ApiError(0, 'request.network', ''))
    request.send(callForm({}, file))
  })
}

/**
 * What a picture with transparency is laid on, before it is judged (the explicit-photo and face
 * models) and before it is stored: the white of the pages and cards it is shown on. A picture drawn
 * in its alpha channel (black pixels, the picture in the transparency) is then the same picture for
 * the models as for the member who receives it (issue 55, point 3; ADR 13, round 4).
 */
export const SHOWN_ON = { r: 255, g: 255, b: 255 } as const

/** The one upload size rule for images: the server's limits and refusal, and the web's hints. */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = `The image is too large: images may be at most ${MAX_IMAGE_MB} MB.`;

// The files feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { detectImageType, IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS } from './image-type.ts';
export { storedPathOfUrl } from './storage.ts';
export { readImageUpload, readUploadedFile } from './upload.ts';

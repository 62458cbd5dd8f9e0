export {
  DRAWINGS_PATH,
  GARMENT_ART_SIZE,
  type Garment,
  garmentPictureUrl,
  IMAGE_VIEWS,
  imageName,
  parseImageName,
} from './garment-art.ts';
export { createDatabaseImageStorage } from './image-storage.ts';
export { imageSourcesFromJson, imageSourcesJson, type ImageSourceRow } from './image-sources-sql.ts';
export { imagesRoutes } from './images.routes.ts';
export {
  createProductImagesService,
  type ProcessedPicture,
  type ProductImagesService,
  UPLOADS_PATH,
  uploadUrl,
} from './product-images.service.ts';
export { uploadsRoutes } from './uploads.routes.ts';

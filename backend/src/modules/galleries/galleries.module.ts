import { Module } from '@nestjs/common';
import { AppConfig } from '../../shared/config/app-config';
import { PhotoGallery } from './application/photo-gallery';
import { PhotoProcessingWorker } from './application/photo-processing-worker';
import { RemoveProjectPhotosHandler } from './application/remove-project-photos.handler';
import { StaleUploadSweeper } from './application/stale-upload-sweeper';
import { ImageProcessor } from './application/ports/image-processor';
import { MediaStorage } from './application/ports/media-storage';
import { PhotoRepository } from './application/ports/photo.repository';
import { MediaController } from './infrastructure/http/media.controller';
import { PhotosController } from './infrastructure/http/photos.controller';
import { SharpImageProcessor } from './infrastructure/imaging/sharp-image-processor';
import { PhotoTypeormRepository } from './infrastructure/persistence/photo.typeorm-repository';
import { LocalMediaStorage } from './infrastructure/storage/local-media-storage';
import { S3MediaStorage } from './infrastructure/storage/s3-media-storage';

/**
 * Galleries (CONTRACT §10, decision 0029): photos uploaded to a project, processed in the background,
 * served through signed URLs. Storage is the local folder (MEDIA_DIR) unless S3_BUCKET names a bucket.
 */
@Module({
  controllers: [PhotosController, MediaController],
  providers: [
    PhotoGallery,
    PhotoProcessingWorker,
    RemoveProjectPhotosHandler,
    StaleUploadSweeper,
    { provide: PhotoRepository, useClass: PhotoTypeormRepository },
    { provide: ImageProcessor, useClass: SharpImageProcessor },
    {
      provide: MediaStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig): MediaStorage => (config.s3 ? new S3MediaStorage(config.s3) : new LocalMediaStorage(config.mediaDir)),
    },
  ],
})
export class GalleriesModule {}

import { Injectable, Logger } from '@nestjs/common';
import { DomainEventHandler, HandlesDomainEvent } from '../../../shared/events/domain-events';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { ProjectDeleted } from '../../projects';
import { projectMediaPrefix } from '../domain/media-key';
import { MediaStorage } from './ports/media-storage';
import { PhotoRepository } from './ports/photo.repository';

/**
 * CONTRACT §10 / issue 18 point 5: a deleted project's photos go, originals and derivatives (payments
 * and ledger rows are the projects' and payments' and stay). The rows go in the deletion's transaction;
 * the files once it has committed (storage is not transactional: a deletion rolled back keeps its files).
 */
@Injectable()
@HandlesDomainEvent(ProjectDeleted)
export class RemoveProjectPhotosHandler implements DomainEventHandler<ProjectDeleted> {
  private readonly logger = new Logger('Galleries');

  constructor(
    private readonly photos: PhotoRepository,
    private readonly storage: MediaStorage,
    private readonly tx: TransactionHost,
  ) {}

  async handle(event: ProjectDeleted): Promise<void> {
    await this.photos.removeAllOf(event.projectId);
    this.tx.afterCommit(() => {
      this.storage
        .removePrefix(projectMediaPrefix(String(event.projectId)))
        .catch((err: Error) => this.logger.error(`the files of deleted project #${event.projectId} stay: ${err.message}`));
    });
  }
}

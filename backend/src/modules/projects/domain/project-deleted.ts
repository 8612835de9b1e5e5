/** A project was deleted (hidden; its payments stay readable): what it owned elsewhere may go (its photos' files). */
export class ProjectDeleted {
  constructor(readonly projectId: number) {}
}

import { Module } from '@nestjs/common';

/** Credits: filled in by a later issue (see docs/architecture.md). Its layers wait in domain/, application/, infrastructure/. */
@Module({})
export class CreditsModule {}

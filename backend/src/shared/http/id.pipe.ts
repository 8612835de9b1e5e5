import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

/** A path id: a whole number from 1 to 2147483647 (the integer ids of the database), else 400. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2147483647) {
      throw new DomainError('validation', 'REQUEST.BAD_ID', 'The id in the address must be a positive whole number');
    }
    return Number(value);
  }
}

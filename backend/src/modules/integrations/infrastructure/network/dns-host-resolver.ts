import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { HostResolver } from '../../application/ports/host-resolver';

/** The system resolver, every address of every family (a name with one private address among public ones is refused). */
@Injectable()
export class DnsHostResolver extends HostResolver {
  async addresses(host: string): Promise<string[]> {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  }
}

import { Injectable } from '@nestjs/common';
import { SetupCodePrinter } from '../../application/ports/setup-code-printer';

/**
 * The code on standard output as one plain line, whatever LOG_FORMAT and LOG_LEVEL say (a JSON log
 * line alone would be missed on a terminal, and LOG_LEVEL=warn would hide it).
 */
@Injectable()
export class ConsoleSetupCodePrinter extends SetupCodePrinter {
  print(code: string): void {
    process.stdout.write(`SETUP CODE: ${code}\n`);
  }
}

/**
 * Port: shows a new setup code to whoever runs the server (the console), `SETUP CODE: 123-456`. The
 * plain code exists only here and in this process's memory; the database keeps its hash.
 */
export abstract class SetupCodePrinter {
  abstract print(code: string): void;
}

/** Port: the addresses a host name resolves to (DNS), to check where a webhook would go. */
export abstract class HostResolver {
  abstract addresses(host: string): Promise<string[]>;
}

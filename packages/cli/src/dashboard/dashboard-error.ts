import { PlankeeperError } from 'plankeeper';

/** The dashboard cannot start as configured: a bad option, or the address cannot be used. */
export class DashboardError extends PlankeeperError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DashboardError';
  }
}

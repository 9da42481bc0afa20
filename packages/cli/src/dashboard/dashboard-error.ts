import { PlankeeperError } from 'plankeeper';

const dashboardErrorMarker = Symbol.for('plankeeper.error.DashboardError');

/** The dashboard cannot start as configured: a bad option, or the address cannot be used. */
export class DashboardError extends PlankeeperError {
  readonly [dashboardErrorMarker] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DashboardError';
  }

  static override isInstance(value: unknown): value is DashboardError {
    return PlankeeperError.hasMarker(value, dashboardErrorMarker);
  }
}

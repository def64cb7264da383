// Keeps one failing panel from blanking the page: shows what failed and lets the user try again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What the boundary wraps, for the fallback's title, e.g. "the payment". */
  what?: string;
  /** Called when the user retries, e.g. to reset a query. */
  onReset?: () => void;
  /** When any of these changes, a shown error is cleared (e.g. the route path). */
  resetKeys?: unknown[];
}

interface State {
  error: Error | null;
  keys: unknown[] | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    const changed =
      props.resetKeys !== state.keys &&
      (props.resetKeys?.length !== state.keys?.length ||
        (props.resetKeys ?? []).some((key, index) => !Object.is(key, state.keys?.[index])));
    if (!changed) return null;
    return { keys: props.resetKeys, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded border border-red-300 border-l-4 border-l-red-600 bg-red-50 p-3 text-sm">
        <p className="font-semibold text-red-900">
          <span aria-hidden="true">✕ </span>
          {this.props.what ? `Could not show ${this.props.what}` : 'This part of the page failed'}
        </p>
        <p className="mt-1 break-words text-red-900">{error.message || 'An unexpected error occurred.'}</p>
        <Button className="mt-2" size="sm" onClick={this.retry}>
          Try again
        </Button>
      </div>
    );
  }
}

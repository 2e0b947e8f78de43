import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteErrorPage } from './route-error-page';

interface Props {
  /** The location on screen: a navigation (back, forward) clears the error and renders the new page. */
  location: Location;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The location the error belongs to. */
  location: Location;
}

/**
 * Shows RouteErrorPage in place of the app when a page or the layout fails to render, as the data
 * router's root `errorElement` did (ADR 0023: the app uses React Router's declarative mode). A failed
 * download of a lazy page's chunk lands here too.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

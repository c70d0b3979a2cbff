import type { VariablesOf } from '../graphql';
import type { SharingStatusQuery } from './sharing-documents';

export type ShareableKind = VariablesOf<typeof SharingStatusQuery>['kind'];

/** The kinds of items that can be shared, as they appear in URLs (/sharing/<kind>/<id>). */
export const KINDS = {
  histories: { kind: 'HISTORIES', singular: 'history', open: (id: string) => `/histories/${id}` },
  workflows: { kind: 'WORKFLOWS', singular: 'workflow', open: (id: string) => `/workflows/${id}` },
  pages: { kind: 'PAGES', singular: 'page', open: (id: string) => `/pages/${id}` },
  visualizations: { kind: 'VISUALIZATIONS', singular: 'visualization', open: (id: string) => `/visualizations/${id}` },
} as const satisfies Record<string, { kind: ShareableKind; singular: string; open(id: string): string }>;

export type KindPath = keyof typeof KINDS;

export const isKindPath = (value: string | undefined): value is KindPath => value !== undefined && value in KINDS;

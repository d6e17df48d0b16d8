import {
  KIND_TYPE,
  kindCanAdd,
  kindCanDelete,
  kindCanImport,
  PREMIUM_TYPE_LABELS,
  type PremiumKind,
  type PremiumType,
} from '@cab/shared';

/** What each premium kind shows and allows on its list page and in its form (SPEC 2, 7). */
export interface KindConfig {
  kind: PremiumKind;
  type: PremiumType;
  /** Singular name used in messages ('{name} created successfully'). */
  name: string;
  /** The list title. */
  title: string;
  canAdd: boolean;
  canDelete: boolean;
  /** SPEC 2 hides Import csv on the finished sides page; drawer styles have no import (SPEC 7). */
  canImport: boolean;
  /** Rows are grouped by their premium group (header) with an editable group index. */
  grouped: boolean;
  fields: {
    finishOptions: boolean;
    woodSpecies: boolean;
    doorStyleAttrs: boolean;
    exportCategory: boolean;
    useFinishOptionForExport: boolean;
    constructionVertical: boolean;
    group: boolean;
    /** Finished sides: code, description and export name are read-only. */
    identityLocked: boolean;
  };
}

const TITLES: Record<PremiumKind, string> = {
  wood_species: 'Wood Species',
  door_style: 'Door Styles',
  drawer_style: 'Drawer Styles',
  finish_option: 'Finish Options',
  finished_side: 'Finished Sides',
};

export function kindConfig(kind: PremiumKind): KindConfig {
  const type = KIND_TYPE[kind];
  const finishedSide = kind === 'finished_side';
  return {
    kind,
    type,
    name: PREMIUM_TYPE_LABELS[type],
    title: TITLES[kind],
    canAdd: kindCanAdd(kind),
    canDelete: kindCanDelete(kind),
    canImport: kindCanImport(kind) && !finishedSide,
    grouped: !finishedSide,
    fields: {
      finishOptions: kind === 'wood_species',
      woodSpecies: kind === 'door_style',
      doorStyleAttrs: kind === 'door_style',
      exportCategory: kind === 'finish_option',
      useFinishOptionForExport: kind === 'wood_species',
      constructionVertical: kind === 'finish_option',
      group: !finishedSide,
      identityLocked: finishedSide,
    },
  };
}

/** Premium lists are grouped by header: groups in index order, then the premiums by index. */
export const GROUPED_ORDER = 'group_index,group_name,index,code';
export const PLAIN_ORDER = 'index,code';

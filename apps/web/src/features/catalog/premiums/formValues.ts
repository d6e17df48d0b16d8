import type { DOOR_STYLE_ATTRS } from '@cab/shared';
import type { CategoryRef } from '../components/CategoryAutocomplete.tsx';
import type { TagValue } from '../components/TagsField.tsx';

type DoorAttr = (typeof DOOR_STYLE_ATTRS)[number];

/** The premium form's values: what its inputs hold (text for numbers). */
export interface PremiumFormValues {
  code: string;
  description: string;
  categories: CategoryRef[];
  finish_options: number[];
  wood_species: number[];
  export_name: string;
  config: { door_style_attrs: Record<DoorAttr, string> };
  price: string;
  percentage: string;
  tags: TagValue[];
  export_category: string;
  premium_group: string;
  index: string;
  use_finish_option_for_export: boolean;
  is_cabinet_construction_vertical: boolean;
}

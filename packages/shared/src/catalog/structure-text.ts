/**
 * Words of the catalogue structure screens (categories, subcategories, product groups). Saves
 * and deletes use SPEC 8's catalogue messages (MSG.premiumCreated, MSG.deleteConfirm, ...) with
 * the names below.
 */
export const STRUCTURE_TEXT = {
  // What is saved, as named in '{name} created successfully' and 'Could not save {name}, ...'
  categoryName: 'Category',
  subcategoryName: 'Subcategory',
  productGroupName: 'Product Group',

  // Titles and buttons
  addCategory: 'Add category',
  newCategory: 'New Category',
  editCategory: (name: string) => `Edit category ${name}`,
  addSubcategory: 'Add subcategory',
  newSubcategory: 'New Subcategory',
  editSubcategory: (name: string) => `Edit subcategory ${name}`,
  addProductGroup: 'Add product group',
  newProductGroup: 'New Product Group',
  editProductGroup: (name: string) => `Edit product group ${name}`,
  addExistingGroup: 'Add existing group',
  addGroupTitle: (subcategory: string) => `Add a product group to ${subcategory}`,
  manageCategories: 'Categories',
  manageProductGroups: 'Product Groups',
  save: 'Save',
  create: 'Create',
  add: 'Add',

  // Fields
  name: 'Name',
  type: 'Type',
  category: 'Category',
  subcategories: 'Subcategories',
  index: 'Index',
  moveHint: 'Choose another category to move the subcategory there.',
  note: 'Note',
  secondaryNote: 'Secondary note',
  shelfNote: 'Shelf note',
  subcategoriesHint: 'The subcategories that show this group in the public catalogue.',
  chooseImages: 'Choose images',
  chosenImages: (n: number) => `${n} image${n === 1 ? '' : 's'} chosen`,
  imagesLater: 'More images can be added, reordered and deleted from the Images action.',

  // Groups of a subcategory
  moveUp: 'Move up',
  moveDown: 'Move down',
  orderSaved: 'Order saved',
  removeFromSubcategory: 'Remove from subcategory',
  removeConfirm: (group: string, subcategory: string) => `Remove ${group} from ${subcategory}?`,
  removeText: 'The product group itself is kept, with its images and line items.',
  removeYes: 'Remove',
  removed: (group: string, subcategory: string) => `${group} removed from ${subcategory}`,
  added: (group: string, subcategory: string) => `${group} added to ${subcategory}`,
  unassignedSubcategories: 'Subcategories without a category',

  // List columns
  notes: 'Notes',
  images: 'Images',
  noSubcategory: 'In no subcategory',
  anySubcategory: 'All',
  anyType: 'All',
} as const;

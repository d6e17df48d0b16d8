/**
 * Every user-facing message string of the product, in one place (SPEC 5 and 8 first, then ours).
 * Server and web import them as `MSG` (messages.ts), never write one of these strings inline.
 * One export each, so a bundle carries only the messages its code reads (decision 0066).
 */
// SPEC 5: validation
export const required = 'Required';
/** @public No code reads it yet; kept with the list. */
export const requiredDot = 'Required.';
export const emailInvalid = 'E-mail must be valid';
export const percentageGreaterThanZero = 'percentage must be greater than 0 and less than or equal to 100';
export const percentageBetween = 'percentage must be between 0 and 100';
/** @public No code reads it yet; kept with the list. */
export const nonZero = 'must be a non zero number';
export const decimal = 'Must be a valid decimal';
export const alphanumeric = 'Must not contain special characters only alphabet and numbers are allowed';
export const customDiscount = 'Please provide a valid amount / percentage';
export const postalCode = 'Please provide a valid postal code';
export const tagValueTooLong = 'Value must be less than 255 characters';
export const pageSizeWarning = 'recommended to be less than 250 (100 is ideal)';
export const selectAtLeastOneStyle = 'Select at least one style';
export const missingBaseDoorStyle = 'Missing Base Door Style';
export const missingTallDoorStyle = 'Missing Tall Door Style';
export const missingWallDoorStyle = 'Missing Wall Door Style';
export const missingDrawerStyle = 'Missing Drawer Style';
export const noItemsAdded = 'No items added';

// SPEC 2 and 8: pages and dialogs (the error pages' own: first-load-messages.ts)
export * from './first-load-messages.ts';
export const internalErrorTitle = 'Internal Error';
export const internalErrorBody = 'An error occurred. please contact support with this transaction ID.';
/** @public No code reads it yet; kept with the list. */
export const doubleClickToSelect = 'Double Click row to select it';
export const premiumSaveFieldErrors = (name: string) => `Could not save ${name}, please check the form errors`;
export const premiumSaveFailed = (name: string) => `Something went wrong, could not save ${name}`;
export const premiumCreated = (name: string) => `${name} created successfully`;
export const premiumUpdated = (name: string) => `${name} updated successfully`;
export const itemSaveFieldErrors = 'Could not save the item, please check the form errors';
export const itemSaveFailed = 'Something went wrong, could not save the item';
export const itemAdded = 'Item added successfully';
export const itemUpdated = 'Item updated successfully';
export const deleteConfirm = (code: string) => `Are you sure you want to delete ${code}?`;
export const deleteIrreversible = 'This action is irreversible!';
export const deleteYes = 'Yes, Delete';
export const deleted = (code: string) => `${code} deleted successfully`;
export const csvImported = (imported: number, failed: number) =>
  `Successfully imported/updated ${imported} items${failed > 0 ? `, failed to import/update ${failed} items` : ''}`;
export const csvParseFailed = 'Failed to parse csv file';
export const bulkUpdated = (n: number) => `${n} items updated successfully`;
export const bulkUpdateFailed = 'Failed to update items';
export const noImagesFound = 'No images found';
export const clickToAddImages = 'Click the button below to add images';
/** @public No code reads it yet; kept with the list. */
export const dymoNotInstalled = 'DYMO Label Framework is not installed';

// Ours: authentication and accounts
export const invalidCredentials = 'Unable to log in with provided credentials.';
export const loginRateLimited = 'Too many login attempts. Please wait a minute and try again.';
export const rateLimited = 'Too many requests. Please slow down and try again shortly.';
export const orderWritesRateLimited = 'Too many changes to orders in a minute. Please wait a moment and try again.';
export const notAuthenticated = 'Authentication credentials were not provided or are no longer valid.';
export const permissionDenied = 'You do not have permission to perform this action.';
export const notFound = 'Not found.';
/** GET /metrics without the right `Authorization: Bearer <METRICS_TOKEN>`. */
export const metricsTokenRequired = 'The metrics token (Authorization: Bearer) is missing or wrong.';
export const validationFailed = 'Some fields are not valid.';
/** A NUL byte cannot be stored in a PostgreSQL text column. */
export const textHasNul = 'Must not contain a NUL character';
/** Half of a UTF-16 surrogate pair cannot be encoded as UTF-8, so it cannot be stored. */
export const textNotUnicode = 'Must be valid Unicode text (it holds half of a character pair, a lone surrogate)';
export const jsonTooDeep = (max: number) => `The request nests arrays and objects more than ${max} levels deep`;
export const internalError = 'An unexpected error occurred.';
export const textTooLong = (max: number) => `Must be at most ${max} characters`;
/** Stands in an outbox mail, once sent, for the sign-in link it carried. */
export const outboxSecretRemoved = '[link removed once sent]';
export const tooManyItems = (max: number) => `Must have at most ${max} items`;
export const numberTooLarge = (max: number) => `Must be at most ${max}`;
export const numberTooSmall = (min: number) => `Must be at least ${min}`;
export const wholeNumber = 'Must be a whole number';
export const idInvalid = 'Must be a valid id';
export const moneyOutOfRange = (min: string, max: string) => `Must be between ${min} and ${max}`;
export const passwordTooShort = 'Password must be at least 8 characters';
export const passwordTooLong = 'Password must be at most 128 characters';
export const passwordsDoNotMatch = 'Passwords do not match';
export const passwordSameAsOld = 'The new password must be different from the current one';
export const wrongCurrentPassword = 'Current password is incorrect';
export const passwordResetNotRequired = 'Use the password page to change your password.';
export const passwordChangeRequired = 'Change your password before you continue.';
export const passwordUpdated = 'Password updated successfully';
export const settingsUpdated = 'Settings updated successfully';
export const leadTimeRange = 'Lead time must be a whole number of days between 0 and 365';
export const remakeLeadTimeRange = 'Remake lead time must be a whole number of days between 0 and 365';
export const termsDaysRange = 'Payment terms must be a whole number of days between 0 and 365';
export const capacityPerDayRange = 'Capacity per day must be a whole number of cabinets from 1 to 100000';
export const timeZoneUnknown = 'Enter a time zone by its IANA name, such as America/Chicago';
export const yearRange = 'Year must be between 1900 and 2999';
export const dateRange = 'Enter a date between 1900-01-01 and 2999-12-31';
export const payloadTooLarge = 'The request is too large.';
export const templateDoesNotRender = 'The template does not render';
export const templateNoFiles = 'Templates cannot include, render or extend files';
export const templateTooCostly = 'The template takes too long or too much memory to render';
export const phoneInvalid = 'Phone may contain digits, spaces and + ( ) . - only (at most 40)';
export const stateInvalid = 'Choose a US state';
export const postalCodeNotInState = (state: string) => `This postal code is not in ${state}`;
export const emailTaken = 'A user with this e-mail already exists';
export const companyRequired = 'Choose a company';
export const companyNameRequired = 'Give the new company a name, or choose an existing company';
export const companyNotFound = 'Company not found';
export const userNotFound = 'User not found';
export const addressNotFound = 'Address not found';
export const accessRequestNotFound = 'Access request not found';
/** @public No code reads it yet; kept with the list. */
export const notCompanyUser = 'This user is not in a company';
export const inviteRoleNotAllowed = 'You may not invite this role';
export const lastManager = 'A company must keep at least one manager';
export const lastAdmin = 'At least one active admin must remain';
export const cannotDeactivateSelf = 'You cannot deactivate your own account';
export const cannotDemoteSelf = 'You cannot remove your own admin role';
export const adminOnlyField = 'Only an admin may change this';
export const invitationInvalid = 'This invitation link is not valid. Ask for a new invitation.';
export const invitationUsed = 'This invitation has already been used. Sign in with your e-mail and password.';
export const invitationExpired = 'This invitation has expired. Ask for a new invitation.';
export const invitationSent = (email: string) => `Invitation sent to ${email}`;
export const invitationAccepted = 'Welcome! Your password is set and you are signed in.';
export const passwordResetSent = 'If an account exists for this e-mail, a link to reset the password has been sent.';
export const resetLinkInvalid = 'This password reset link is not valid or has already been used. Ask for a new one.';
export const resetLinkExpired = 'This password reset link has expired. Ask for a new one.';
export const passwordResetDone = 'Your password has been reset. Sign in with your new password.';
export const publicFormRateLimited = 'Too many requests from you. Please try again later.';
export const accessRequestSent = 'Thank you. Your request has been sent; we will answer by e-mail.';
export const accessRequestPendingExists = 'A request for this e-mail is already waiting for an answer';
export const accessRequestNotPending = 'This request has already been answered';
export const accessRequestAccepted = (email: string) => `Request accepted; invitation sent to ${email}`;
export const accessRequestRejected = 'Request rejected; the requester has been told by e-mail';
export const userCreated = (email: string) => `Account created; invitation sent to ${email}`;
export const userUpdated = 'User updated successfully';
export const profileUpdated = 'Profile updated successfully';
export const addressSaved = 'Address saved successfully';
export const addressDeleted = 'Address deleted successfully';
export const managerChanged = 'Manager changed successfully';
/** @public No code reads it yet; kept with the list. */
export const filtersSaved = 'Filters saved';
export const taxRateRange = 'Tax rate must be between 0 and 100 with at most 3 decimals';
export const announcementSent = (n: number) => `Announcement sent to ${n} recipients`;
export const expiryInPast = 'The expiry must be in the future';

// Ours: catalogue
export const priceOrPercentage = 'Only one of price and percentage can be set';
export const indexNonNegative = 'Index must be 0 or more';
export const wholeNumberNonNegative = 'Must be a whole number, 0 or more';
export const mustBeNonNegative = 'Must be 0 or more';
export const unknownCategory = 'Category not found';
export const categoryTypeMismatch = (type: string) => `Category must be of type ${type}`;
export const unknownPremium = (what: string, code: string) => `Unknown ${what}: ${code}`;
export const unknownProductGroup = 'Product group not found';
export const unknownPremiumGroup = 'Group not found';
export const premiumGroupTypeMismatch = 'Group belongs to another premium type';
export const codeTaken = 'This code is already used';
export const nameTaken = 'This name is already used';
export const finishedSideAddRefused = 'Finished sides cannot be added; they are imported or edited.';
export const finishedSideDeleteRefused = 'Finished sides cannot be deleted.';
export const finishOptionInUse = (code: string, species: string[]) =>
  `${code} is offered by ${species.length === 1 ? 'wood species' : `${species.length} wood species`}: ${species.join(', ')}. Deleting it removes it from ${species.length === 1 ? 'that wood species' : 'them'}.`;
export const deleteAnyway = 'Remove and delete';
export const drawerStyleImportRefused = 'Drawer styles cannot be imported from CSV.';
export const importCodeIsAttachment = (code: string) => `${code} is an attachment; import it with the attachments`;
export const importCodeIsLineItem = (code: string) => `${code} is a line item; import it with the line items`;
export const orderByUnknown = (key: string) => `Cannot order by ${key}`;
export const filtersInvalid = 'filters must be a JSON object';
export const multipleIdsNeedMultiple = 'Several ids need multiple=true';
/** @public No code reads it yet; kept with the list. */
export const multipleNeedsIds = 'multiple=false takes at most one id';
export const pageSizeTooLarge = 'Page size must be at most 1000';
export const pageSizeAtMost = (max: number) => `Page size must be at most ${max}`;
export const pageNumberInvalid = 'Must be a page number';
export const idsRequired = 'Select at least one item';
export const imageTypeInvalid = 'Only png, gif and jpeg images are allowed';
export const imageTooManyPixels = (megapixels: number) => `Each image must be at most ${megapixels} megapixels`;
export const imageFileMissing = 'Choose at least one image';
export const tooManyFiles = (max: number) => `At most ${max} files at once`;
export const fileTooLarge = (mb: string) => `Each file must be at most ${mb} MB`;
export const csvFileMissing = 'Choose a .csv file';
export const csvUnknownColumns = (names: string) => `Unknown columns: ${names}`;
export const csvMissingColumns = (names: string) => `Missing columns: ${names}`;
export const csvEmpty = 'The file has no rows';
export const multipartExpected = 'Send the request as multipart/form-data';
export const multipartNoBoundary = 'The multipart/form-data content type must name its boundary';
export const multipartTruncated = 'The upload ended before its last part: send the whole request again';
export const multipartPartWithoutName =
  'Every part of the upload needs a name (Content-Disposition: form-data; name="...")';
export const multipartMalformed = 'The upload is not valid multipart/form-data';
export const imageNotFound = 'Image not found';
export const moveImageTarget = 'Give the image to move and the image it goes above or under';
export const doorStyleNotInWoodSpecies = (door: string, wood: string) => `Door style ${door} is not offered in ${wood}`;
export const finishNotForWoodSpecies = (finish: string, wood: string) =>
  `Finish option ${finish} is not offered for ${wood}`;
export const premiumNotFoundForValidate = (what: string, id: number) => `Unknown ${what} ${id}`;

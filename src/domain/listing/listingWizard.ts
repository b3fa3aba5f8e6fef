import { regionOf } from '../geo/geo';
import { withCatalogueChoice } from '../catalogue/makeModel';
import { ENGINE_POWER_HP_MAX, MAX_IMAGE_BYTES, MAX_IMAGES, OPERATING_HOURS_MAX, WIZARD_DEFAULT_REGION, YEAR_MIN, yearMax, type VehicleType } from '../core/constants';
import { IMAGE_EXTENSIONS } from '../core/screenChoices';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '../payments/fees';
import { inPlainWords, LISTING_MESSAGES } from '../core/messages';
import { wholeNumberText } from '../core/numbers';
import type { SellerContact, Vehicle } from './vehicle';
import type { ContactPreference } from '../messages/apiMessages';
import { english, type Translate } from '../i18n/text';
import { dateText } from '../i18n/format';
import type { Language } from '../i18n/languages';

// The listing wizard's rules (spec sections 4, 5 and 8): its steps, what each step requires, how the
// form's text becomes a listing and back, the photo checks and sizes, and the save-error texts.

// prettier-ignore
export const WIZARD_STEPS = [/*i18n*/ 'Vehicle Details', /*i18n*/ 'Subscription', /*i18n*/ 'Ad Details', /*i18n*/ 'Contact Info',
  /*i18n*/ 'Photos', /*i18n*/ 'Review', /*i18n*/ 'Verify', /*i18n*/ 'Payment'] as const;
/** Editing a published listing stops at Review: nothing is created and nothing is paid. */
export const EDIT_STEPS = 6;
export const PHOTOS_STEP = 5;
export const VERIFY_STEP = 7;
export const PAYMENT_STEP = 8;

/** The form as typed: numbers stay text until they are sent, so nothing typed is lost or reshaped. */
export interface WizardForm {
  vehicle_type: VehicleType;
  make: string;
  model: string;
  variant: string;
  year: string;
  fuel_type: string;
  transmission: string;
  mileage: string;
  color: string;
  category: string;
  engine_size: string;
  /** Construction equipment only: whole horsepower. */
  engine_power_hp: string;
  /** Construction and farming equipment only: whole hours on the hour meter ('1,200' is read as 1200). */
  operating_hours: string;
  condition: string;
  /** The seller's declarations (issue 20): 'yes', 'no', or '' when not said ('Not sure'). */
  duty_paid: Declared;
  papers_ready: Declared;
  subscription_plan: string;
  price: string;
  description: string;
  features: string[];
  seller_email: string;
  seller_phone: string;
  region: string;
  area: string;
  /** How buyers reach the seller about this listing (issue 37); '' follows the account's choice. */
  contact_preference: ContactPreference | '';
  featured: boolean;
}

export type WizardField = keyof WizardForm;

/** A declaration as the form holds it: yes, no, or not said. */
export type Declared = 'yes' | 'no' | '';

export const FIELD_LABELS: Record<WizardField, string> = {
  vehicle_type: /*i18n*/ 'Vehicle Type',
  make: /*i18n*/ 'Make',
  model: /*i18n*/ 'Model',
  variant: /*i18n*/ 'Variant',
  year: /*i18n*/ 'Year',
  fuel_type: /*i18n*/ 'Fuel Type',
  transmission: /*i18n*/ 'Transmission',
  mileage: /*i18n*/ 'Mileage',
  color: /*i18n*/ 'Colour',
  category: /*i18n*/ 'Body Type',
  engine_size: /*i18n*/ 'Engine Size',
  engine_power_hp: /*i18n*/ 'Engine power (HP)',
  operating_hours: /*i18n*/ 'Operating hours',
  condition: /*i18n*/ 'Condition',
  duty_paid: /*i18n*/ 'Duty paid (ZIMRA)',
  papers_ready: /*i18n*/ 'Police clearance and registration book',
  subscription_plan: /*i18n*/ 'Plan',
  price: /*i18n*/ 'Price',
  description: /*i18n*/ 'Description',
  features: /*i18n*/ 'Features',
  seller_email: /*i18n*/ 'Contact Email',
  seller_phone: /*i18n*/ 'Contact Phone',
  region: /*i18n*/ 'Region',
  area: /*i18n*/ 'Area',
  contact_preference: /*i18n*/ 'How buyers reach you',
  featured: /*i18n*/ 'Feature this Listing',
};

/** Required fields per step (spec section 5); steps 5 to 8 have none. */
export const REQUIRED_FIELDS: Readonly<Record<number, readonly WizardField[]>> = {
  1: ['make', 'model', 'year', 'fuel_type', 'transmission', 'mileage', 'color'],
  2: ['subscription_plan'],
  3: ['price'],
  4: ['seller_email', 'seller_phone', 'region', 'area'],
};

/** The step that holds each field, to send the seller back to a field the checks refused. */
export const FIELD_STEP: Record<WizardField, number> = {
  vehicle_type: 1,
  make: 1,
  model: 1,
  variant: 1,
  year: 1,
  fuel_type: 1,
  transmission: 1,
  mileage: 1,
  color: 1,
  category: 1,
  engine_size: 1,
  engine_power_hp: 1,
  operating_hours: 1,
  condition: 3,
  duty_paid: 3,
  papers_ready: 3,
  subscription_plan: 2,
  price: 3,
  description: 3,
  features: 3,
  seller_email: 4,
  seller_phone: 4,
  region: 4,
  area: 4,
  contact_preference: 4,
  featured: VERIFY_STEP,
};

export const WIZARD_TEXTS = {
  required: (label: string, tr: Translate = english) => tr(/*i18n*/ '{label} is required', { label }),
  yearRange: (max: number, tr: Translate = english) => tr(/*i18n*/ 'Year must be between {min} and {max}', { min: YEAR_MIN, max }),
  wholeNumber: (label: string, tr: Translate = english) => tr(/*i18n*/ '{label} must be a whole number', { label }),
  number: (label: string, tr: Translate = english) => tr(/*i18n*/ '{label} must be a number', { label }),
  enginePower: (tr: Translate = english) => tr(/*i18n*/ 'Engine power must be a whole number of HP from 1 to {max}', { max: ENGINE_POWER_HP_MAX }),
  atMost: (label: string, max: number, tr: Translate = english) => tr(/*i18n*/ '{label} must be at most {max}', { label, max: wholeNumberText(max) }),
  email: /*i18n*/ 'Enter a valid email address',
  completeStep: (labels: string[], tr: Translate = english) => tr(/*i18n*/ 'Please complete: {fields}', { fields: labels.join(', ') }),
  stepOf: (step: number, total: number, tr: Translate = english) => tr(/*i18n*/ 'Step {step} of {total}', { step, total }),
  dutyQuestion: /*i18n*/ 'Is duty paid (ZIMRA)?',
  papersQuestion: /*i18n*/ "Does the vehicle have police clearance and a registration book in the seller's name?",
  notSure: /*i18n*/ 'Not sure',
  photosHint: (tr: Translate = english) => tr(/*i18n*/ 'Add up to {max} photos (JPG, PNG, GIF, WebP or BMP, 10MB each). The first photo is the main photo.', { max: MAX_IMAGES }),
} as const;

export function emptyForm(defaults: Partial<WizardForm> = {}): WizardForm {
  return {
    vehicle_type: 'car',
    make: '',
    model: '',
    variant: '',
    year: '',
    fuel_type: '',
    transmission: '',
    mileage: '',
    color: '',
    category: '',
    engine_size: '',
    engine_power_hp: '',
    operating_hours: '',
    condition: 'used',
    duty_paid: '',
    papers_ready: '',
    subscription_plan: '',
    price: '',
    description: '',
    features: [],
    seller_email: '',
    seller_phone: '',
    region: WIZARD_DEFAULT_REGION,
    area: '',
    contact_preference: '',
    featured: false,
    ...defaults,
  };
}

/**
 * The contact fields filled in from the signed-in seller's account. The region is the account's, else
 * the one its town lies in ('Bulawayo' -> Bulawayo, 'Gweru, Zimbabwe' -> Midlands), so the listing is
 * not saved as 'Bulawayo, Harare'; Harare (spec section 9) only when the account names no known place.
 */
export function contactDefaults(user: { email: string; phone: string | null; region: string | null; area: string | null; location: string | null }): Partial<WizardForm> {
  const town = user.location?.split(',')[0]?.trim() ?? '';
  return {
    seller_email: user.email,
    seller_phone: user.phone ?? '',
    region: user.region || regionOf(user.area) || regionOf(user.location) || WIZARD_DEFAULT_REGION,
    area: user.area || town,
  };
}

/**
 * A field change with its knock-on effects (spec section 5): a new make clears model and variant, a
 * new model clears the variant, and a new vehicle type clears all three and the category (each type
 * has its own catalogue and categories).
 */
export function changeField<K extends WizardField>(form: WizardForm, field: K, value: WizardForm[K]): WizardForm {
  if (form[field] === value) return form;
  const next = withCatalogueChoice(form, field, value, '');
  if (field === 'vehicle_type') return { ...next, make: '', model: '', variant: '', category: '', engine_power_hp: '', operating_hours: '' };
  return next;
}

/** Mileage takes only non-negative whole digits, or nothing (spec section 5). */
export const acceptsMileage = (text: string): boolean => /^\d*$/.test(text);

/** Whether the wizard asks a listing's horsepower: construction and farming equipment, which buyers filter by spec 9's engine-power bands. */
export const asksEnginePower = (type: VehicleType): boolean => type !== 'car';

/** Whether the wizard asks a listing's operating hours: the same equipment, whose search tabs filter on `min_hours`/`max_hours`. */
export const asksOperatingHours = (type: VehicleType): boolean => type === 'construction' || type === 'farming';

/** Operating hours take whole digits with optional thousands commas ('1,200'), or nothing. */
export const acceptsOperatingHours = (text: string): boolean => /^[\d,]*$/.test(text);

const blank = (v: string) => v.trim() === '';

/** What stops a step: field -> message. Empty when the seller may go on. */
export function stepIssues(step: number, form: WizardForm, now: Date = new Date(), tr: Translate = english): Partial<Record<WizardField, string>> {
  const label = (field: WizardField) => tr(FIELD_LABELS[field]);
  const issues: Partial<Record<WizardField, string>> = {};
  for (const field of REQUIRED_FIELDS[step] ?? []) {
    const v = form[field];
    if (typeof v === 'string' && blank(v)) issues[field] = WIZARD_TEXTS.required(label(field), tr);
  }
  if (step === 1) {
    if (!issues.year) {
      const year = Number(form.year.trim());
      if (!Number.isInteger(year) || year < YEAR_MIN || year > yearMax(now)) issues.year = WIZARD_TEXTS.yearRange(yearMax(now), tr);
    }
    if (!issues.mileage && !acceptsMileage(form.mileage.trim())) issues.mileage = WIZARD_TEXTS.wholeNumber(label('mileage'), tr);
    if (!blank(form.engine_size) && !(Number(form.engine_size) > 0)) issues.engine_size = WIZARD_TEXTS.number(label('engine_size'), tr);
    if (asksEnginePower(form.vehicle_type) && !blank(form.engine_power_hp)) {
      const hp = Number(form.engine_power_hp.trim());
      if (!Number.isInteger(hp) || hp < 1 || hp > ENGINE_POWER_HP_MAX) issues.engine_power_hp = WIZARD_TEXTS.enginePower(tr);
    }
    if (asksOperatingHours(form.vehicle_type) && !blank(form.operating_hours)) {
      const hours = form.operating_hours.trim().replace(/,/g, '');
      if (!/^\d+$/.test(hours)) issues.operating_hours = WIZARD_TEXTS.wholeNumber(label('operating_hours'), tr);
      else if (Number(hours) > OPERATING_HOURS_MAX) issues.operating_hours = WIZARD_TEXTS.atMost(label('operating_hours'), OPERATING_HOURS_MAX, tr);
    }
  }
  if (step === 2 && !issues.subscription_plan && !(SUBSCRIPTION_PLANS as readonly string[]).includes(form.subscription_plan)) {
    issues.subscription_plan = WIZARD_TEXTS.required(label('subscription_plan'), tr);
  }
  if (step === 3 && !issues.price) {
    const price = Number(form.price.trim().replace(/,/g, ''));
    if (!Number.isFinite(price) || price < 0) issues.price = WIZARD_TEXTS.number(label('price'), tr);
  }
  if (step === 4 && !issues.seller_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.seller_email.trim())) issues.seller_email = tr(WIZARD_TEXTS.email);
  return issues;
}

/** The first step (up to `last`) that is not complete, or null when all are. */
export function firstIncompleteStep(form: WizardForm, last: number = VERIFY_STEP, now: Date = new Date()): number | null {
  for (let step = 1; step <= last; step++) if (Object.keys(stepIssues(step, form, now)).length) return step;
  return null;
}

const textOrNull = (v: string): string | null => (blank(v) ? null : v.trim());
/** A declaration as the API takes it: true, false, or null when not said. */
const declaredValue = (v: Declared): boolean | null => (v === 'yes' ? true : v === 'no' ? false : null);
/** The API's declaration as the form holds it. */
const declaredText = (v: unknown): Declared => (v === true ? 'yes' : v === false ? 'no' : '');
const numberText = (v: string): string | null => (blank(v) ? null : v.trim().replace(/,/g, ''));

/** "Area, Region": where the listing is (the server's location text). */
export function listingLocation(form: Pick<WizardForm, 'area' | 'region'>): string | null {
  const parts = [form.area.trim(), form.region.trim()].filter(Boolean);
  return parts.length ? [...new Set(parts)].join(', ') : null;
}

/**
 * The form as stored in a draft and sent to POST /api/vehicles: the API's names, empty text as null
 * (an empty number would otherwise read as 0), numbers as their text for the schema to coerce.
 */
export function toListingFields(form: WizardForm): Record<string, unknown> {
  const category = textOrNull(form.category);
  return {
    vehicle_type: form.vehicle_type,
    make: form.make.trim(),
    model: form.model.trim(),
    variant: textOrNull(form.variant),
    year: numberText(form.year),
    fuel_type: textOrNull(form.fuel_type),
    transmission: textOrNull(form.transmission),
    mileage: numberText(form.mileage),
    color: textOrNull(form.color),
    ...(form.vehicle_type === 'car' ? { car_category: category, category: null } : { category, car_category: null }),
    engine_size: numberText(form.engine_size),
    engine_power_hp: asksEnginePower(form.vehicle_type) ? numberText(form.engine_power_hp) : null,
    operating_hours: asksOperatingHours(form.vehicle_type) ? numberText(form.operating_hours) : null,
    condition: textOrNull(form.condition),
    duty_paid: declaredValue(form.duty_paid),
    papers_ready: declaredValue(form.papers_ready),
    subscription_plan: textOrNull(form.subscription_plan),
    price: numberText(form.price),
    description: textOrNull(form.description),
    features: form.features,
    seller_email: textOrNull(form.seller_email),
    seller_phone: textOrNull(form.seller_phone),
    seller_location: textOrNull(form.area),
    region: textOrNull(form.region),
    location: listingLocation(form),
    contact_preference: form.contact_preference || null,
    featured: form.featured,
  };
}

const asText = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);

/** A draft's stored fields back into the form; what is missing takes the defaults. */
export function fromListingFields(fields: Record<string, unknown>, defaults: Partial<WizardForm> = {}): WizardForm {
  const base = emptyForm(defaults);
  const text = (key: string, fallback: string) => asText(fields[key]) ?? fallback;
  const type = fields.vehicle_type;
  return {
    vehicle_type: type === 'construction' || type === 'farming' ? type : 'car',
    make: text('make', base.make),
    model: text('model', base.model),
    variant: text('variant', base.variant),
    year: text('year', base.year),
    fuel_type: text('fuel_type', base.fuel_type),
    transmission: text('transmission', base.transmission),
    mileage: text('mileage', base.mileage),
    color: text('color', base.color),
    category: asText(fields.car_category) ?? asText(fields.category) ?? base.category,
    engine_size: text('engine_size', base.engine_size),
    engine_power_hp: text('engine_power_hp', base.engine_power_hp),
    operating_hours: text('operating_hours', base.operating_hours),
    condition: text('condition', base.condition),
    duty_paid: 'duty_paid' in fields ? declaredText(fields.duty_paid) : base.duty_paid,
    papers_ready: 'papers_ready' in fields ? declaredText(fields.papers_ready) : base.papers_ready,
    subscription_plan: text('subscription_plan', base.subscription_plan),
    price: text('price', base.price),
    description: text('description', base.description),
    features: Array.isArray(fields.features) ? fields.features.filter((f): f is string => typeof f === 'string') : base.features,
    seller_email: text('seller_email', base.seller_email),
    seller_phone: text('seller_phone', base.seller_phone),
    region: text('region', base.region),
    area: text('seller_location', base.area),
    contact_preference: fields.contact_preference === 'phone' || fields.contact_preference === 'messages' ? fields.contact_preference : base.contact_preference,
    featured: typeof fields.featured === 'boolean' ? fields.featured : base.featured,
  };
}

/** The area part of a listing's location ("Avondale, Harare" with region Harare -> "Avondale"). */
export function areaOf(location: string | null, region: string | null): string {
  if (!location) return '';
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const rest = region ? parts.filter((p) => p.toLowerCase() !== region.toLowerCase()) : parts;
  return (rest.length ? rest : parts).join(', ');
}

/** A published listing as the edit form; its contact preference, when the account's (`account`), stays the account's (''). */
export function formFromVehicle(v: Vehicle & Partial<SellerContact>, account?: ContactPreference): WizardForm {
  const region = v.region ?? WIZARD_DEFAULT_REGION;
  const num = (n: number | null) => (n === null ? '' : String(n));
  return emptyForm({
    vehicle_type: v.vehicle_type,
    make: v.make,
    model: v.model,
    variant: v.variant ?? '',
    year: String(v.year),
    fuel_type: v.fuel_type ?? '',
    transmission: v.transmission ?? '',
    mileage: num(v.mileage),
    color: v.color ?? '',
    category: v.car_category ?? v.category ?? '',
    engine_size: num(v.engine_size),
    engine_power_hp: num(v.engine_power_hp),
    operating_hours: num(v.operating_hours),
    condition: v.condition ?? '',
    duty_paid: declaredText(v.duty_paid),
    papers_ready: declaredText(v.papers_ready),
    subscription_plan: v.subscription_plan ?? '',
    price: num(v.price),
    description: v.description ?? '',
    features: [...v.features],
    seller_email: v.seller_email ?? '',
    seller_phone: v.seller_phone ?? '',
    region,
    area: areaOf(v.location, region),
    contact_preference: v.contact_preference && v.contact_preference !== account ? v.contact_preference : '',
    featured: v.featured,
  });
}

/** The body of PUT /api/cars/{id}: the listing fields; `featured` only from an administrator (the server refuses it from others). */
export function updateBody(form: WizardForm, images: string[], isAdmin: boolean): Record<string, unknown> {
  const { featured, ...fields } = toListingFields(form);
  return { ...fields, images, ...(isAdmin && { featured }) };
}

/** Maps an API field name (a PublishInputError path or a server detail) to the form's field. */
export function formFieldOf(apiField: string): WizardField | 'images' | null {
  const head = apiField.split('.')[0] ?? '';
  if (head === 'car_category' || head === 'category') return 'category';
  if (head === 'seller_location' || head === 'location') return 'area';
  if (head === 'images') return 'images';
  return head in FIELD_LABELS ? (head as WizardField) : null;
}

// Photos.

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** An image by its type or, when the browser gives none, its extension (spec section 5). */
export function isImageFile(file: Pick<FileLike, 'name' | 'type'>): boolean {
  if (file.type.startsWith('image/')) return true;
  return file.name.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/**
 * Which of the chosen files join the `current` photos, with the spec's messages for the others: not
 * an image, over 10 MB, none valid at all, or more than `max` in all (the first that fit are kept).
 */
export function checkImageFiles<T extends FileLike>(files: readonly T[], current: number, max: number = MAX_IMAGES, tr: Translate = english): { accepted: T[]; errors: string[] } {
  if (current >= max) return { accepted: [], errors: [LISTING_MESSAGES.tooManyImages(max, tr)] };
  const errors: string[] = [];
  const valid: T[] = [];
  for (const f of files) {
    if (!isImageFile(f)) errors.push(LISTING_MESSAGES.invalidImage(f.name, tr));
    else if (f.size > MAX_IMAGE_BYTES) errors.push(LISTING_MESSAGES.imageTooLarge(f.name, tr));
    else valid.push(f);
  }
  if (files.length > 0 && valid.length === 0) errors.push(tr(LISTING_MESSAGES.noValidImages));
  const room = max - current;
  if (valid.length > room) errors.push(LISTING_MESSAGES.tooManyImages(max, tr));
  return { accepted: valid.slice(0, room), errors };
}

/** Longest side of a photo as stored on the device and uploaded: sharp on any phone, a few hundred KB. */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

/** The size that fits within `maxSide` on its longest side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number = PHOTO_MAX_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('An image needs a positive width and height');
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether the original beats the re-encoded photo: it already fits and is no larger. */
export function keepOriginal(original: { width: number; height: number; bytes: number }, encodedBytes: number, maxSide: number = PHOTO_MAX_SIDE): boolean {
  return Math.max(original.width, original.height) <= maxSide && original.bytes <= encodedBytes;
}

/** The photo's name with the extension of its new type ("IMG_0042.HEIC" as WebP -> "IMG_0042.webp"). */
export function renamedFor(name: string, type: string): string {
  const ext = type === 'image/jpeg' ? 'jpg' : type.replace(/^image\//, '');
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.${ext}`;
}

// Payment and outcome.

export const planOf = (form: Pick<WizardForm, 'subscription_plan'>): SubscriptionPlan | null =>
  (SUBSCRIPTION_PLANS as readonly string[]).includes(form.subscription_plan) ? (form.subscription_plan as SubscriptionPlan) : null;

/** An expiry date as the seller reads it: "29 November 2026". */
export function expiryText(iso: string, language: Language = 'en'): string {
  return dateText(iso, { day: 'numeric', month: 'long', year: 'numeric' }, language);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The dashboard's save-failure text (spec section 8): a string body as it is; else the detail (a list
 * of validation messages joined by '; '); else the message; else by status: 422, 5xx, or the default.
 */
export function saveErrorMessage(status: number | null, body: unknown): string {
  if (typeof body === 'string' && body.trim() && !body.trimStart().startsWith('<')) return body.trim();
  if (isRecord(body)) {
    const { detail, message } = body;
    // The idempotency layer's answers (a save pressed twice) in plain words.
    if (typeof detail === 'string' && detail.trim()) return inPlainWords(detail);
    if (Array.isArray(detail)) {
      const msgs = detail.map((d) => (typeof d === 'string' ? d : isRecord(d) && typeof d.msg === 'string' ? d.msg : null)).filter((m): m is string => !!m);
      if (msgs.length) return msgs.join('; ');
    }
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (status === 422) return LISTING_MESSAGES.validationError;
  if (status !== null && status >= 500) return LISTING_MESSAGES.serverError;
  return LISTING_MESSAGES.saveError;
}

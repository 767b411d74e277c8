/** A server message's de-CH, fr-CH and it-CH wording (the English is the catalogue's key). */
export interface Translations {
  de: string;
  fr: string;
  it: string;
}

/** The issuing company as printed on a document (snapshot taken when the document is issued). */
export interface Issuer {
  ruc: string;
  legal_name: string;
  trade_name?: string;
  address: IssuerAddress;
  /**
   * Object key of the company's logo when the document was issued (content-addressed, never overwritten), so
   * every print of the document shows the logo it was issued with. Absent: no logo.
   */
  logo_key?: string;
}

export interface IssuerAddress {
  line: string;
  /** INEI district code, 6 digits. */
  ubigeo?: string;
  district?: string;
  province?: string;
  department?: string;
  /** SUNAT establishment code; `0000` is the registered main address. */
  establishment_code: string;
  country_code: string;
}

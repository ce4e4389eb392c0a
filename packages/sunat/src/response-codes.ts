/**
 * SUNAT return codes (CodigosRetorno): ranges decide what the issuer must do next.
 * 0 accepted · 0100–1999 exception (no CDR, number not consumed) · 2000–3999 rejected
 * (number burnt) · 4000+ observed (accepted with notes). Greenter uses the same split
 * (`CdrResponse::isAccepted`, `BaseSunat::isExceptionCode`).
 */
export type ResponseClass = "accepted" | "observed" | "rejected" | "exception";

export function classifyResponseCode(code: string): ResponseClass {
  const trimmed = code.trim();
  if (!/^\d+$/.test(trimmed)) throw new RangeError(`Not a SUNAT return code: "${code}"`);
  const n = Number(trimmed);
  if (n === 0) return "accepted";
  if (n >= 4000) return "observed";
  if (n >= 2000) return "rejected";
  // 1–99 are not used by SUNAT as document codes (98/99 are getStatus states); treat them,
  // like 0100–1999, as "no verdict on the document".
  return "exception";
}

/**
 * Exceptions worth retrying with the same file: SUNAT-side outages (0100 system, 0109
 * authentication service, 0130–0138 internal storage/queue/DB, 0200 batch). Everything else
 * (0111 profile, 0151 zip name, 0154 RUC, 0306 parse, 1033 duplicate …) needs a fix first.
 */
export function isTransientException(code: string): boolean {
  const n = Number(code.trim());
  if (!Number.isInteger(n)) return false;
  return n === 100 || n === 109 || (n >= 130 && n <= 138) || n === 200;
}

/** Messages (from CodigosRetorno) for the codes this codebase emits or interprets. */
export const messages: Readonly<Record<string, string>> = {
  "0": "Aceptado",
  "0098": "En proceso",
  "0099": "Proceso con errores",
  "0100": "El sistema no puede responder su solicitud. Intente nuevamente o comuníquese con su Administrador",
  "0101": "El encabezado de seguridad es incorrecto",
  "0102": "Usuario o contrasena incorrectos",
  "0109": "El sistema no puede responder su solicitud. (El servicio de autenticación no está disponible)",
  "0111": "No tiene el perfil para enviar comprobantes electronicos",
  "0125": "No se pudo obtener la constancia",
  "0126": "El ticket no le pertenece al usuario",
  "0127": "El ticket no existe",
  "0130": "El sistema no puede responder su solicitud. (No se pudo obtener el ticket de proceso)",
  "0138": "El sistema no puede responder su solicitud. (Error en Base de Datos)",
  "0151": "El nombre del archivo ZIP es incorrecto",
  "0152": "No se puede enviar por este método un archivo de resumen",
  "0154":
    "El RUC del archivo no corresponde al RUC del usuario o el proveedor no esta autorizado a enviar comprobantes del contribuyente",
  "0155": "El archivo ZIP esta vacio",
  "0156": "El archivo ZIP esta corrupto",
  "0157": "El archivo ZIP no contiene comprobantes",
  "0158": "El archivo ZIP contiene demasiados comprobantes para este tipo de envío",
  "0159": "El nombre del archivo XML es incorrecto",
  "0160": "El archivo XML esta vacio",
  "0161": "El nombre del archivo XML no coincide con el nombre del archivo ZIP",
  "0200": "No se pudo procesar su solicitud. (Ocurrio un error en el batch)",
  "0306": "No se puede leer (parsear) el archivo XML",
  "0402": "La numeracion o nombre del documento ya ha sido enviado anteriormente",
  "1003":
    "InvoiceTypeCode - El valor del tipo de documento es invalido o no coincide con el nombre del archivo",
  "1032": "El comprobante ya esta informado y se encuentra con estado anulado o rechazado",
  "1033": "El comprobante fue registrado previamente con otros datos",
  "1034":
    "Número de RUC del nombre del archivo no coincide con el consignado en el contenido del archivo XML",
  "1035":
    "Numero de Serie del nombre del archivo no coincide con el consignado en el contenido del archivo XML",
  "1036":
    "Número de documento en el nombre del archivo no coincide con el consignado en el contenido del XML",
  "2085":
    "El XML no contiene el tag ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/ds:Signature/@Id",
  "2097":
    "El XML no contiene el tag ext:UBLExtensions/.../ds:Signature/ds:SignedInfo/ds:Reference/ds:DigestValue",
  "2099": "El XML no contiene el tag ext:UBLExtensions/.../ds:Signature/ds:SignatureValue",
  "2101":
    "El XML no contiene el tag ext:UBLExtensions/.../ds:Signature/ds:KeyInfo/ds:X509Data/ds:X509Certificate",
  "2105": "Comprobante a dar de baja no se encuentra registrado en SUNAT",
  "2116": "El tipo de documento modificado por la Nota de credito debe ser factura electronica o ticket",
  "2117":
    "La serie o numero del documento modificado por la Nota de Credito no cumple con el formato establecido",
  "2119": "El documento modificado en la Nota de credito no esta registrada.",
  "2120": "El documento modificado en la Nota de credito se encuentra de baja",
  "2121": "El documento modificado en la Nota de credito esta registrada como rechazada",
  "2128": "El XML no contiene el tag o no existe informacion de ResponseCode",
  "2136": "El XML no contiene el tag o no existe informacion de cac:DiscrepancyResponse/cbc:Description",
  "2172": "ResponseCode - El dato ingresado no cumple con la estructura",
  "2399": "El tipo de documento modificado por la Nota de credito debe ser boleta electronica",
  "2524": "Debe indicar el documento afectado por la nota",
  "2220": "El ID debe coincidir con el nombre del archivo",
  "2223": "El archivo ya fue presentado anteriormente",
  "2323": "Existe documento ya informado anteriormente en una comunicacion de baja",
  "2324": "El archivo de comunicacion de baja ya fue presentado anteriormente",
  "2335": "El documento electrónico ingresado ha sido alterado",
  "2336": "Ocurrió un error en el proceso de validación de la firma digital",
  "2346": "La fecha de generación del resumen debe ser igual a la fecha consignada en el nombre del archivo",
  "2348": "Los documentos informados en el archivo XML se encuentran duplicados",
  "2398": "El documento a dar de baja se encuentra rechazado",
  "2640": "Operacion gratuita, solo debe consignar un monto referencial",
  "3103":
    "El producto del factor y monto base de la afectación del IGV/IVAP no corresponde al monto de afectacion de linea.",
  "3105": "El XML debe contener al menos un tributo por linea de afectacion por IGV",
  "3110":
    "El monto de afectacion de IGV por linea debe ser igual a 0.00 para Exoneradas, Inafectas, Exportación, Gratuitas de exoneradas o Gratuitas de inafectas.",
  "3111": "El monto de afectación de IGV por linea debe ser diferente a 0.00.",
  "3245": "Debe informar si el tipo de transaccion es al Contado o al Credito",
  "3246": "El tipo de transaccion o el identificador de la cuota no cumple con el formato esperado",
  "3248": "El tipo de transaccion o el identificador de la cuota no debe repetirse en el comprobante",
  "3249": "Si el tipo de transaccion es al Credito debe existir al menos información de una cuota de pago",
  "3251": "Si el tipo de transaccion es al Credito debe consignarse el Monto neto pendiente de pago",
  "3252": "Si existe información de cuota de pago, el tipo de transaccion debe ser al credito",
  "3254": "Si se consigna información de la cuota de pago, debe indicarse el monto de la cuota",
  "3256":
    "Si se consigna información de la cuota de pago, debe indicarse la fecha del pago único o de las cuotas",
  "3257": "Para el tipo de nota de credito 13 debe consignar información de la operación al credito",
  "3259": "Para el tipo de nota de credito 13 el documento afectado debe ser Factura",
  "3260": "Para el tipo de nota de credito 13 el documento afectado debe ser Factura al credito",
  "3271": "El valor de venta por ítem difiere de los importes consignados.",
  "3277": "La sumatoria del total valor de venta - operaciones gravadas de línea no corresponden al total",
  "3278": "La sumatoria de valor de venta no corresponde a los importes consignados",
  "3279": "La sumatoria del Total del valor de venta más los impuestos no concuerda con la base imponible",
  "3280": "El importe total del comprobante no coincide con el valor calculado",
  "3291": "El cálculo del IGV es Incorrecto",
  "3292": "El importe total de impuestos por línea no coincide con la sumatoria de los impuestos por línea.",
  "3294": "La sumatoria de impuestos globales no corresponde al monto total de impuestos.",
  "3300": "La sumatoria consignados en descuentos globales no corresponden al total.",
  "3306": "La sumatoria del total del importe del tributo ICBPER de línea no corresponden al total",
  "3315": "Si el tipo de nota de credito es 13, el Importe total debe ser cero",
  "3319": "La suma de las cuotas debe ser igual al Monto neto pendiente de pago.",
  "3320": "El monto neto pendiente de pago debe ser menor o igual al monto de la factura",
  "3321": "La fecha de la cuota debe ser mayor a la fecha de emisión de la factura",
  "4000": "El documento ya fue presentado anteriormente.",
  "4288": "El valor de venta por ítem difiere de los importes consignados.",
  "4290": "El cálculo del IGV es Incorrecto",
  "4293": "El importe total de impuestos por línea no coincide con la sumatoria de los impuestos por línea.",
  "4299": "La sumatoria del total valor de venta - operaciones gravadas de línea no corresponden al total",
  "4301": "La sumatoria de impuestos globales no corresponde al monto total de impuestos.",
  "4307": "La sumatoria consignados en descuentos globales no corresponden al total.",
  "4309": "La sumatoria de valor de venta no corresponde a los importes consignados",
  "4310": "La sumatoria del Total del valor de venta más los impuestos no concuerda con la base imponible",
  "4312": "El importe total del comprobante no coincide con el valor calculado",
  "4321": "La sumatoria del total del importe del tributo ICBPER de línea no corresponden al total",
};

/** Message for a code, or a generic one for codes outside the table. */
export function messageFor(code: string): string {
  return messages[code] ?? `Código de retorno ${code}`;
}

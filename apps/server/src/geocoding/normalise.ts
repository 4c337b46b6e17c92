// Text normalisation shared by the gazetteer index and its queries.

/** Lower-case, accents stripped, punctuation to spaces, spaces collapsed ('São Paulo, SP' → 'sao paulo sp'). */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

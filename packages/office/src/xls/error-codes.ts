/**
 * The error values a cell can hold, by their code in the binary workbooks: BIFF5/8 (.xls) and
 * BIFF12 (.xlsb) number them alike.
 */
export const ERROR_CODES: { readonly [code: number]: string } = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

/** The fast tier's few sequences of the ledger property (the suite says what it checks). */
import { ledgerMoneyProperty } from '../../../test/ledger-money-property.ts';

ledgerMoneyProperty(4);

/** The long run of the ledger property: many more sequences of money events. */
import { ledgerMoneyProperty } from '../ledger-money-property.ts';

ledgerMoneyProperty(30);

/** The long run of the orders-money property: many more sequences, payouts in each. */
import { ordersMoneyProperty } from '../orders-money-property.ts';

ordersMoneyProperty(40);

/** The fast tier's few sequences of the orders-money property (the suite says what it checks). */
import { ordersMoneyProperty } from '../../../test/orders-money-property.ts';

ordersMoneyProperty(6);

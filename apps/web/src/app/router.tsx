import { createHashRouter } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';

/** Every route of spec §2; each screen is its own chunk, loaded when first visited. */
export const router = createHashRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../features/catalogue/routes/home') },
      { path: 'register', lazy: () => import('../features/auth/routes/register') },
      { path: 'login', lazy: () => import('../features/auth/routes/login') },
      { path: 'profile', lazy: () => import('../features/auth/routes/profile') },
      { path: 'sellers', lazy: () => import('../features/catalogue/routes/sellers') },
      { path: 'seller/:id', lazy: () => import('../features/catalogue/routes/seller') },
      { path: 'product/:id', lazy: () => import('../features/catalogue/routes/product') },
      { path: 'map', lazy: () => import('../features/map/routes/map') },
      { path: 'cart', lazy: () => import('../features/checkout/routes/cart') },
      { path: 'shipping', lazy: () => import('../features/checkout/routes/shipping') },
      { path: 'payment', lazy: () => import('../features/checkout/routes/payment') },
      { path: 'placeorder', lazy: () => import('../features/checkout/routes/place-order') },
      { path: 'customer-orders', lazy: () => import('../features/orders/routes/customer-orders') },
      { path: 'customer-order/:id', lazy: () => import('../features/orders/routes/customer-order') },
      { path: 'seller-orders', lazy: () => import('../features/orders/routes/seller-orders') },
      { path: 'seller-order/:id', lazy: () => import('../features/orders/routes/seller-order') },
      { path: 'mystores', lazy: () => import('../features/seller-admin/routes/my-stores') },
      { path: 'mystores/add-store', lazy: () => import('../features/seller-admin/routes/add-store') },
      { path: 'myproducts', lazy: () => import('../features/seller-admin/routes/my-products') },
      { path: 'myproducts/add-product', lazy: () => import('../features/seller-admin/routes/add-product') },
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
]);

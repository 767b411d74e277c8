/** Every route of the app (hash routing), in one place. */
export const paths = {
  home: '/',
  register: '/register',
  login: '/login',
  profile: '/profile',
  /** The mailed links' pages and "forgot password" (decisions 253, 254). */
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  acceptInvitation: '/accept-invitation',
  sellers: '/sellers',
  seller: (id: number | string) => `/seller/${id}`,
  map: '/map',
  product: (id: number | string) => `/product/${id}`,
  cart: '/cart',
  shipping: '/shipping',
  payment: '/payment',
  placeOrder: '/placeorder',
  customerOrders: '/customer-orders',
  customerOrder: (id: number | string) => `/customer-order/${id}`,
  sellerOrders: '/seller-orders',
  sellerOrder: (id: number | string) => `/seller-order/${id}`,
  myStores: '/mystores',
  addStore: '/mystores/add-store',
  editStore: (id: number | string) => `/mystores/${id}/edit`,
  myProducts: '/myproducts',
  addProduct: '/myproducts/add-product',
  editProduct: (id: number | string) => `/myproducts/${id}/edit`,
  /** The operator's back office (issue 29): its sections are routes of its own below /admin. */
  admin: '/admin',
  earnings: '/earnings',
} as const;

/** A login link that brings the user back to `to` afterwards. */
export const loginFor = (to: string) => `${paths.login}?redirect=${encodeURIComponent(to)}`;

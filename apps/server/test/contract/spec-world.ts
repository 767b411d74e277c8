/**
 * A small marketplace built only through §7 calls, as a spec client would build it: a seller
 * with a store, products and stock, and a customer.
 */
import { freshName, SpecClient } from './spec-client.ts';

export interface SpecCategory {
  id: number;
  name: string;
  subcategory: { id: number; name: string }[];
}

export interface SpecWorld {
  categories: SpecCategory[];
  seller: SpecClient;
  sellerId: number;
  sellerName: string;
  customer: SpecClient;
  customerId: number;
  store: { id: number; name: string };
  /** Products of the seller: both with stock 500 in the store. */
  products: { id: number; name: string; price: string }[];
}

export async function categoriesOf(client: SpecClient): Promise<SpecCategory[]> {
  const res = await client.get<SpecCategory[]>('/api/products/categories/');
  if (res.status !== 200) throw new Error(`categories: ${res.status}`);
  return res.body;
}

/** POST /api/products/new/ multipart (§7), with the category and subcategory ids. */
export async function createProduct(
  seller: SpecClient,
  sellerId: number,
  category: SpecCategory,
  fields: { brand: string; name: string; price: string; description?: string },
): Promise<{ id: number; name: string; price: string }> {
  const res = await seller.post<{ id: number; name: string; price: string }>('/api/products/new/', {
    form: {
      brand: fields.brand,
      name: fields.name,
      price: fields.price,
      description: fields.description ?? '',
      category: category.id,
      subcategory: category.subcategory[0]!.id,
      seller: sellerId,
    },
  });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
  return res.body;
}

export async function setStock(seller: SpecClient, store: number, product: number, number: number) {
  const res = await seller.post('/api/stocks/new/', { json: { number, store, product } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`stock: ${res.status} ${res.text}`);
}

export async function buildWorld(base: string): Promise<SpecWorld> {
  const seller = new SpecClient(base);
  const sellerName = freshName('laden');
  const { id: sellerId } = await seller.register(sellerName, 'STORE_OWNER');
  const categories = await categoriesOf(seller);
  const category = categories[0]!;
  const storeRes = await seller.post<{ id: number; name: string }>('/api/stores/new/', {
    form: {
      category: [category.id],
      owner: sellerId,
      name: `Laden ${sellerName}`,
      address: 'Marktgasse 1',
      country: 'Switzerland',
      city: 'Bern',
      latitude: '46.948000',
      longitude: '7.447000',
      description: 'Am Zytglogge',
      phone: '+41 31 000 00 00',
    },
  });
  if (storeRes.status !== 201) throw new Error(`store: ${storeRes.status} ${storeRes.text}`);
  const products = [
    await createProduct(seller, sellerId, category, { brand: 'Kambly', name: 'Bretzeli', price: '4.90' }),
    await createProduct(seller, sellerId, category, {
      brand: 'Victorinox',
      name: 'Taschenmesser',
      price: '49',
    }),
  ];
  await setStock(seller, storeRes.body.id, products[0]!.id, 500);
  await setStock(seller, storeRes.body.id, products[1]!.id, 500);

  const customer = new SpecClient(base);
  const { id: customerId } = await customer.register(freshName('kundin'), 'CUSTOMER');
  return {
    categories,
    seller,
    sellerId,
    sellerName,
    customer,
    customerId,
    store: storeRes.body,
    products,
  };
}

/** A seller's writes to their own products: create, edit, delete (each logged for the audit). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParams, productSchema } from '@marktgasse/shared';
import { requireUser } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import { readForm } from '../../lib/multipart.ts';
import { idParam } from '../../lib/validation.ts';
import type { CatalogueService } from './service.ts';
import { bearer, errors, tags } from './route-parts.ts';

const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema };
const createSchema = {
  tags,
  summary:
    'Create a product (sellers; multipart: image, brand, name, price, description, category, subcategory; or JSON). It belongs to the caller whatever `seller` says. Optional `initialStocks`: [{store, number}] of own stores (a JSON string in multipart), set in the same transaction.',
  security: bearer,
  consumes: ['multipart/form-data', 'application/json'],
  response: { 201: productSchema, ...uploadErrors },
};
const updateSchema = {
  tags,
  summary:
    'Edit an own product (multipart or JSON): any of brand, name, price, description, category, subcategory, image; validated as at creation. Orders already placed keep what they sold.',
  security: bearer,
  params: idParams,
  consumes: ['multipart/form-data', 'application/json'],
  response: { 200: productSchema, ...uploadErrors },
};
const deleteSchema = {
  tags,
  summary: 'Delete an own product; it leaves the catalogue, orders that sold it keep their lines',
  security: bearer,
  params: idParams,
  response: { 204: z.null(), ...errors },
};

export function productEditRoutes(root: FastifyInstance, service: CatalogueService): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post('/api/products/new/', { schema: createSchema }, async (request, reply) => {
    const caller = requireUser(request);
    // Refused before the body is read: a customer's upload never reaches the pipeline.
    if (caller.role !== 'STORE_OWNER') throw forbidden('Only seller accounts can create products.');
    const form = await readForm(request);
    const product = await service.create(caller, form.fields, form.file);
    request.log.info(
      { audit: 'product-created', productId: product.id, userId: caller.id },
      'product created',
    );
    return reply.status(201).send(product);
  });

  app.patch('/api/products/:id/', { schema: updateSchema }, async (request) => {
    const caller = requireUser(request);
    const id = idParam(request.params.id, 'product');
    // Someone else's product answers 404 before its body (and an upload) is read.
    await service.ownProduct(caller, id);
    const form = await readForm(request);
    const product = await service.update(caller, id, form.fields, form.file);
    request.log.info({ audit: 'product-updated', productId: id, userId: caller.id }, 'product updated');
    return product;
  });

  app.delete('/api/products/:id/', { schema: deleteSchema }, async (request, reply) => {
    const caller = requireUser(request);
    const id = idParam(request.params.id, 'product');
    await service.delete(caller, id);
    request.log.info({ audit: 'product-deleted', productId: id, userId: caller.id }, 'product deleted');
    return reply.status(204).send(null);
  });
}

import { BUILDER_TEXT } from '@cab/shared';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { OrderBuilder } from '../builder/OrderBuilder.tsx';

/** /orders/build: a new order; its first save makes it /orders/{id}. */
export default function BuildOrderPage() {
  return (
    <>
      <PageHeader title={BUILDER_TEXT.title} />
      <OrderBuilder />
    </>
  );
}

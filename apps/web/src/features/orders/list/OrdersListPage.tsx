import { ROLE_GROUPS, ORDERS_WEB_TEXT as T } from '@cab/shared';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCurrentRoute } from '../../../lib/routes.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { ImportOrderButton } from '../../transfer/index.ts';
import { OrderListView } from './OrderListView.tsx';

/** An order list page: the route's title, Import 2020 and Build order for those who may build, the list. */
export function OrdersListPage({ listKey }: { listKey: string }) {
  const route = useCurrentRoute();
  const canBuild = useInRoleGroup(ROLE_GROUPS.adminAndCustomers);
  return (
    <>
      <PageHeader
        title={route.title}
        actions={
          canBuild && (
            <>
              <ImportOrderButton />
              <AddButton to="/orders/build" variant="contained">
                {T.buildOrder}
              </AddButton>
            </>
          )
        }
      />
      <OrderListView listKey={listKey} />
    </>
  );
}

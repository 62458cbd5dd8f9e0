import {
  AdminCouponListQuerySchema,
  BACK_OFFICE_UI_MESSAGES as T,
  COUPON_STATE_FILTERS,
  type AdminCoupon,
} from '@shopper/contract';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Badge, type BadgeTone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect, SearchBox } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { messageOf } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useCouponList } from './api/get-coupons.ts';
import { useCreateCoupon, useExpireCoupon, useUpdateCoupon } from './api/save-coupon.ts';
import { CouponForm } from './components/coupon-form.tsx';

const STATE_TONES: Record<AdminCoupon['state'], BadgeTone> = {
  active: 'success',
  expired: 'neutral',
  exhausted: 'warning',
};
const STATE_LABELS = { active: 'Active', expired: 'Expired', exhausted: 'Used up' } as const;

function discountOf(coupon: AdminCoupon): string {
  const off = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatMoney(coupon.value)} off`;
  return coupon.minSubtotal > 0 ? `${off} from ${formatMoney(coupon.minSubtotal)}` : off;
}

function CouponActions({ coupon }: { coupon: AdminCoupon }) {
  const update = useUpdateCoupon();
  const expire = useExpireCoupon();
  return (
    <>
      <FormDialog trigger={<Button variant="ghost">Edit</Button>} title={`Edit ${coupon.code}`}>
        {(close) => (
          <CouponForm
            coupon={coupon}
            onSave={async ({ code: _code, ...body }) => {
              await update.mutateAsync({ code: coupon.code, body });
              notifySuccess(`${coupon.code} saved`);
              close();
            }}
          />
        )}
      </FormDialog>
      {coupon.state === 'active' ? (
        <ActionDialog
          trigger={<Button variant="ghost">Expire</Button>}
          title={`Expire ${coupon.code} now?`}
          description="Customers can no longer apply it; orders that used it keep their discount."
          confirmLabel="Expire now"
          variant="danger"
          onConfirm={async () => {
            try {
              await expire.mutateAsync(coupon.code);
              notifySuccess(`${coupon.code} expired`);
            } catch (error) {
              throw new Error(messageOf(error, T.actionFailed));
            }
          }}
        />
      ) : null}
    </>
  );
}

const COLUMNS: Column<AdminCoupon>[] = [
  { key: 'code', header: 'Code', sortKey: 'code', render: (coupon) => <strong>{coupon.code}</strong> },
  { key: 'discount', header: 'Discount', render: discountOf },
  {
    key: 'state',
    header: 'State',
    render: (coupon) => <Badge tone={STATE_TONES[coupon.state]}>{STATE_LABELS[coupon.state]}</Badge>,
  },
  {
    key: 'usedCount',
    header: 'Used',
    sortKey: 'usedCount',
    align: 'end',
    render: (coupon) =>
      coupon.usageLimit === null ? `${coupon.usedCount}` : `${coupon.usedCount} of ${coupon.usageLimit}`,
  },
  {
    key: 'expiresAt',
    header: 'Expires',
    sortKey: 'expiresAt',
    render: (coupon) => (coupon.expiresAt ? formatDateTime(coupon.expiresAt) : 'Never'),
  },
  { key: 'actions', header: 'Actions', render: (coupon) => <CouponActions coupon={coupon} /> },
];

export function CouponsPage() {
  const { params, update } = useListParams(AdminCouponListQuerySchema);
  const list = useCouponList(params);
  const create = useCreateCoupon();
  return (
    <>
      <PageHeader
        title="Coupons"
        actions={
          <FormDialog trigger={<Button variant="primary">New promo code</Button>} title="New promo code">
            {(close) => (
              <CouponForm
                onSave={async (body) => {
                  const coupon = await create.mutateAsync(body);
                  notifySuccess(`${coupon.code} created`);
                  close();
                }}
              />
            )}
          </FormDialog>
        }
      />
      <FilterBar>
        <SearchBox label="Search codes" value={params.q ?? ''} onSearch={(q) => update({ q })} />
        <FilterSelect
          label="State"
          value={params.state === 'all' ? undefined : params.state}
          options={COUPON_STATE_FILTERS.filter((state) => state !== 'all').map(
            (state) => [state, STATE_LABELS[state]] as const,
          )}
          onChange={(state) => update({ state })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption="Promo codes"
        columns={COLUMNS}
        rowKey={(coupon) => coupon.code}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No promo code matches."
        onPage={(page) => update({ page })}
      />
    </>
  );
}

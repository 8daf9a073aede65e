import { Button, HStack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useCreateOrderMutation,
  useGetOrderQuery,
  useUpdateOrderMutation,
  type Order,
} from '../../../api/generated/user-service';
import { recordFormPage, type RecordFormProps } from '../../../components/feedback/use-edit-target';
import { FormGrid } from '../../../components/form/form-grid';
import { FormPage } from '../../../components/form/form-page';
import { SaveButton } from '../../../components/form/save-button';
import { SelectField } from '../../../components/form/select-field';
import { saveAnswer } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { TextFields } from '../../../components/form/text-fields';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { ORDER_STATUSES } from '../../../../shared/order-rules';
import { useOrderStatusLabel } from './order-status-label';
import { validateOrder, type OrderValues } from './order-validation';
import { PERMISSION } from '../../../../shared/permissions';

/** docs/product/admin-orders.md#order-form: back to the list 2 s after a save, 1 s after Cancel. */
export const ORDER_SAVED_RETURN_MS = 2000;
export const ORDER_CANCEL_RETURN_MS = 1000;
const ORDER_LIST = '/main/admin/orderdetails';

/** Create Order (no id) and Edit Order (docs/product/admin-orders.md#order-form). */
export const OrderFormPage = recordFormPage(
  useGetOrderQuery,
  { add: PERMISSION.TENANT_ORDER_CREATE, update: PERMISSION.TENANT_ORDER_UPDATE },
  OrderForm,
);

const valuesOf = (order: Order | null): OrderValues =>
  order
    ? {
        order_number: order.order_number,
        start_date: order.start_date,
        end_date: order.end_date ?? '',
        number_of_calls: String(order.number_of_calls),
        order_status: order.order_status,
      }
    : { order_number: '', start_date: '', end_date: '', number_of_calls: '', order_status: '' };

function OrderForm({ target: order, readOnly }: RecordFormProps<Order>) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const tenantId = useOperatingTenantId();
  const statusLabel = useOrderStatusLabel();
  const [createOrder] = useCreateOrderMutation();
  const [updateOrder] = useUpdateOrderMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<number | null>(null);
  const editing = order !== null;
  const initialValues = useMemo(() => valuesOf(order), [order]);

  useEffect(() => {
    if (saved !== null) setLeaving(ORDER_SAVED_RETURN_MS);
  }, [saved]);
  useEffect(() => {
    if (leaving === null) return undefined;
    const timer = setTimeout(() => void navigate(ORDER_LIST), leaving);
    return () => clearTimeout(timer);
  }, [leaving, navigate]);

  const onSubmit = async (values: OrderValues) => {
    if (tenantId === undefined) return { [FORM_ERROR]: t`Something went wrong` };
    const orderForm = {
      order_number: values.order_number?.trim() ?? null,
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      number_of_calls: values.number_of_calls?.trim() ? Number(values.number_of_calls) : null,
      order_status: values.order_status || null,
      tenant_id: tenantId,
    };
    const result = order
      ? await updateOrder({ id: order.id, orderUpdate: { id: order.id, ...orderForm } })
      : await createOrder({ orderForm });
    return saveAnswer(result, t`Something went wrong`, () =>
      setSaved(order ? t`Order Updated Successfully` : t`Order Created Successfully`),
    );
  };

  return (
    <FormPage<OrderValues>
      testId="order"
      initialValues={initialValues}
      validate={(values) => validateOrder(values, editing, i18n)}
      onSubmit={onSubmit}
      saved={saved}
      leaving={leaving !== null}
      actions={({ dirty, saving }) => (
        <HStack gap="3">
          <SaveButton dirty={dirty} saving={saving} disabled={readOnly} testId="order-save" />
          <Button
            variant="outline"
            onClick={() => setLeaving(ORDER_CANCEL_RETURN_MS)}
            disabled={leaving !== null}
            data-testid="order-cancel"
          >
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
      )}
    >
      <FormGrid>
        <TextField name="order_number" label={t`Order Number`} required disabled={readOnly} testId="order-number" />
        <SelectField
          name="order_status"
          label={t`Order Status`}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          placeholder={t`Select Status`}
          required
          disabled={readOnly}
          testId="order-status"
        />
        <TextFields
          disabled={readOnly}
          fields={[
            { name: 'start_date', label: t`Start Date`, type: 'date', required: true, testId: 'order-start-date' },
            { name: 'end_date', label: t`End Date`, type: 'date', required: true, testId: 'order-end-date' },
            { name: 'number_of_calls', label: t`Total Number of Calls`, required: true, testId: 'order-calls' },
          ]}
        />
      </FormGrid>
    </FormPage>
  );
}

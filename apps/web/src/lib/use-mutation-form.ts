import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorsOf } from './api-client';

/** What the form reads of its mutation (a TanStack Query mutation's state). */
interface MutationState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A form checked by a zod schema whose submit hands off to a mutation: react-hook-form with the schema's
 * resolver, the submit handler, the props of the <form> (busy while the mutation runs) and the server's
 * refusals (through `serverErrors`, an error filter of @stg/domain/error-filters, when given).
 *
 * The form's handler does not wait: handleSubmit's promise only settles the validation (its callback hands
 * off to a mutation, which reports its own errors), hence `void onSubmit(event)` in formProps.
 */
export function useMutationForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: {
    defaultValues: DefaultValues<Input>;
    mutation: MutationState;
    submit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => void;
    serverErrors?: (messages: readonly string[]) => string[];
  },
) {
  const { mutation, submit, serverErrors: filter } = options;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: options.defaultValues,
  });
  const onSubmit = form.handleSubmit((values) => submit(values, form));
  const messages = mutation.isError ? errorsOf(mutation.error) : [];
  return {
    form,
    formProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      noValidate: true,
      'aria-busy': mutation.isPending,
    },
    serverErrors: mutation.isError && filter ? filter(messages) : messages,
  };
}

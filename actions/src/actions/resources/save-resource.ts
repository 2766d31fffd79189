import { ZResourceFormSchema } from '@portal/domain';
import { callerOf } from '../../services/practices/practice-access.ts';
import { saveResource as run } from '../../services/resources/save-resource.ts';
import { defineAction } from '../define-action.ts';

/** `saveResource`: validates the form (the shared `ZResourceFormSchema`) and calls the operation (`services/resources/save-resource.ts`). */
export const saveResource = defineAction({
  name: 'saveResource',
  input: ZResourceFormSchema,
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});

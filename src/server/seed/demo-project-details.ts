import type { ProjectFormInput } from '../services/project-service';
import type { DemoProject } from './demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The project form's details of a demo project (docs/product/project-form.md#demo-data), saved through
 * saveProjectForm like the console's save: dates around the seed day, the number of calls, tags, webhooks,
 * the communication switches and the internal settings.
 */
export function demoProjectDetails(
  project: DemoProject,
  tenantName: string,
  index: number,
  now: Date,
): ProjectFormInput {
  const host = `https://hooks.${slug(tenantName)}.example`;
  return {
    name: project.name,
    description: `${project.name}: risk screening of ${project.participants} participants.`,
    note: index % 2 === 0 ? 'Demo project.' : null,
    estStartDate: day(new Date(now.getTime() - (60 + index * 15) * DAY_MS)),
    estEndDate: day(new Date(now.getTime() + (30 + index * 10) * DAY_MS)),
    estParticipant: project.participants,
    resourcesPassword: `Demo-${index + 1}-files`,
    tags: index % 2 === 0 ? ['COMPLIANCE'] : ['FRAUD', 'SECURITY'],
    clientAPIUrl1: {
      participant_callback_url: `${host}/participants`,
      result_callback_url: `${host}/results`,
      project_callback_url: `${host}/projects`,
      caller_id_check: false,
      security_type: 'API_KEY',
      api_key: `demo-key-${index + 1}`,
      additional_fields: [{ key: 'SMS_COUNTRY_CODE', value: '+1' }],
    },
    sender_name: tenantName.slice(0, 30),
    enableEmailCommunication: true,
    enableSMSCommunication: index % 2 === 0,
    enable_indivisual_result_email: index === 0,
    result_email_recipient: index === 0 ? `results@${slug(tenantName)}.example` : null,
    auto_reminder_configuration: true,
    // The first project lets staff refresh a participant's access code (docs/product/access-codes.md#refresh).
    enable_refresh_accesscode: index === 0,
    // Reverse NP marking (docs/product/participants.md#demo): the first project (the NP journey's) and the second
    // (its invited participants get NP trails).
    reverse_np_configuration: index <= 1,
    result_auto_release: project.simulated === true,
    cm_recordings_configuration: project.simulated === true,
  };
}

// The calls of 'Avisar inscritos'; errors arrive as ApiRequestError with the server's text.
import {
  announcementSchema,
  audienceCountsSchema,
  type Announcement,
  type AnnouncementRequest,
  type AudienceCounts,
} from '@shared/announcement.schema.ts';
import { api } from '@shared/paths.ts';
import { apiRequest } from '@/lib/api-client.ts';

export async function listAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return announcementSchema.array().parse(await apiRequest(api.adminAnnouncements, { signal }));
}

export async function fetchAudiences(signal?: AbortSignal): Promise<AudienceCounts> {
  return audienceCountsSchema.parse(await apiRequest(api.adminAnnouncementAudience, { signal }));
}

export function sendAnnouncement(
  request: AnnouncementRequest,
): Promise<{ id: string; recipients: number }> {
  return apiRequest(api.adminAnnouncements, { method: 'POST', body: request });
}

export interface TestAnswer {
  to: string;
  sent: boolean;
  reason: string | null;
}

export function sendAnnouncementTest(content: {
  subject: string;
  text: string;
}): Promise<TestAnswer> {
  return apiRequest(api.adminAnnouncementTest, { method: 'POST', body: content });
}

/**
 * IAM groups: list, create, read, update, delete.
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  CreateGroupRequestSchema,
  GroupNameQuerySchema,
  GroupSchema,
  ListGroupsResponseSchema,
  UpdateGroupRequestSchema,
} from '../groups.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const GROUP_ROUTES = {
  listGroups: {
    method: 'GET',
    path: `${API_PREFIX}/groups`,
    summary: 'List groups with their members, status and policies, sorted by name',
    tags: ['groups'],
    response: { 200: ListGroupsResponseSchema, ...errors },
  },
  createGroup: {
    method: 'POST',
    path: `${API_PREFIX}/groups`,
    summary: 'Create a group with members (refused if it exists)',
    tags: ['groups'],
    body: CreateGroupRequestSchema,
    response: { 201: GroupSchema, ...errors },
  },
  getGroup: {
    method: 'GET',
    path: `${API_PREFIX}/group`,
    summary: 'A group: members, status, policies',
    tags: ['groups'],
    querystring: GroupNameQuerySchema,
    response: { 200: GroupSchema, ...errors },
  },
  updateGroup: {
    method: 'PUT',
    path: `${API_PREFIX}/group`,
    summary: "Set a group's members (exactly the given ones) and status",
    tags: ['groups'],
    querystring: GroupNameQuerySchema,
    body: UpdateGroupRequestSchema,
    response: { 200: GroupSchema, ...errors },
  },
  deleteGroup: {
    method: 'DELETE',
    path: `${API_PREFIX}/group`,
    summary: 'Delete a group (its members are removed from it first)',
    tags: ['groups'],
    querystring: GroupNameQuerySchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;

--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: tasks; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tasks;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: meta; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.meta (
    id integer NOT NULL,
    application text NOT NULL,
    version integer NOT NULL,
    list_version bigint NOT NULL,
    CONSTRAINT meta_id_check CHECK ((id = 1))
);


--
-- Name: step; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.step (
    id bigint NOT NULL,
    author text NOT NULL,
    kind text NOT NULL,
    undone boolean DEFAULT false NOT NULL,
    task_count integer NOT NULL,
    old_text bytea,
    new_text bytea,
    from_position bigint,
    to_position bigint,
    done_at double precision
);


--
-- Name: step_number; Type: SEQUENCE; Schema: tasks; Owner: -
--

CREATE SEQUENCE tasks.step_number
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: step_task; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.step_task (
    step bigint NOT NULL,
    ordinal integer NOT NULL,
    task uuid NOT NULL,
    previous_change bigint,
    previous_done double precision,
    previous_text bytea,
    previous_favorite boolean,
    previous_created_at double precision,
    previous_foreign bytea,
    previous_removed_by bigint,
    imported_text bytea,
    imported_favorite boolean,
    imported_done double precision,
    imported_created_at double precision,
    imported_foreign bytea
);


--
-- Name: task; Type: TABLE; Schema: tasks; Owner: -
--

CREATE TABLE tasks.task (
    uuid uuid NOT NULL,
    "position" bigint NOT NULL,
    text bytea NOT NULL,
    is_favorite boolean DEFAULT false NOT NULL,
    done_at double precision,
    created_at double precision NOT NULL,
    created_by bigint NOT NULL,
    changed_by bigint,
    removed_by bigint,
    foreign_fields bytea
);


--
-- Data for Name: meta; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.meta VALUES (1, 'tasks', 2, 3);


--
-- Data for Name: step; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step VALUES (1, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (2, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (3, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (4, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (5, 'alice', 'toggleFavorite', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (6, 'alice', 'toggleDone', false, 1, NULL, NULL, NULL, NULL, 1795621438.8160534);
INSERT INTO tasks.step VALUES (7, 'alice', 'edit', false, 1, '\x5468726565', '\x546872656520656469746564', NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (8, 'alice', 'move', false, 1, NULL, NULL, 17179869184, 0, NULL);
INSERT INTO tasks.step VALUES (9, 'alice', 'remove', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (10, 'alice', 'importTasks', false, 2, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (11, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (12, 'alice', 'removeDone', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (14, 'alice', 'create', false, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (17, 'alice', 'removeAll', true, 5, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (16, 'alice', 'edit', true, 1, '\x466f7572', '\x466f757220656469746564', NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (15, 'alice', 'toggleFavorite', true, 1, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step VALUES (18, 'bob', 'toggleFavorite', false, 1, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: step_task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.step_task VALUES (1, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfd', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (2, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfe', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (3, 0, '01a21360-c55e-7142-a37c-eaf0ea62770f', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (4, 0, '01a21360-c55e-7142-a37c-eaf0ea627710', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (5, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfd', 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (6, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfe', 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (7, 0, '01a21360-c55e-7142-a37c-eaf0ea62770f', 3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (8, 0, '01a21360-c55e-7142-a37c-eaf0ea627710', 4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (9, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfe', 6, 1795621438.8160534, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (10, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfd', 5, NULL, '\x4f6e65', true, 1795621438.8130476, NULL, NULL, '\x4f6e6520696d706f72746564', true, NULL, 1795621438.8130476, NULL);
INSERT INTO tasks.step_task VALUES (10, 1, '01a21360-c55d-71b8-9e36-3ae3afa0edfe', 9, 1795621438.8160534, '\x54776f', false, 1795621438.8138752, NULL, 9, '\x54776f', false, 1795621438, 1795621438, NULL);
INSERT INTO tasks.step_task VALUES (11, 0, '01a21360-d4e5-747c-a75f-77022ddfdbe1', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (12, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfe', 10, 1795621438, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (14, 0, '01a21360-d4e8-708e-8448-fba30fbc5afd', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (15, 0, '01a21360-c55e-7142-a37c-eaf0ea627710', 8, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (16, 0, '01a21360-c55e-7142-a37c-eaf0ea627710', 15, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (17, 0, '01a21360-c55e-7142-a37c-eaf0ea627710', 16, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (17, 1, '01a21360-c55d-71b8-9e36-3ae3afa0edfd', 10, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (17, 2, '01a21360-c55e-7142-a37c-eaf0ea62770f', 7, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (17, 3, '01a21360-d4e5-747c-a75f-77022ddfdbe1', 11, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (17, 4, '01a21360-d4e8-708e-8448-fba30fbc5afd', 14, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO tasks.step_task VALUES (18, 0, '01a21360-c55d-71b8-9e36-3ae3afa0edfd', 10, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: task; Type: TABLE DATA; Schema: tasks; Owner: -
--

INSERT INTO tasks.task VALUES ('01a21360-c55d-71b8-9e36-3ae3afa0edfe', 8589934592, '\x54776f', false, 1795621438, 1795621438, 2, 12, 12, NULL);
INSERT INTO tasks.task VALUES ('01a21360-c55e-7142-a37c-eaf0ea62770f', 12884901888, '\x546872656520656469746564', false, NULL, 1795621438.814176, 3, 7, NULL, NULL);
INSERT INTO tasks.task VALUES ('01a21360-d4e5-747c-a75f-77022ddfdbe1', 17179869184, '\x46697665', false, NULL, 1795621442.7897587, 11, 11, NULL, NULL);
INSERT INTO tasks.task VALUES ('01a21360-d4e8-708e-8448-fba30fbc5afd', 25769803776, '\x536978', false, NULL, 1795621442.792365, 14, 14, NULL, NULL);
INSERT INTO tasks.task VALUES ('01a21360-c55e-7142-a37c-eaf0ea627710', 0, '\x466f7572', false, NULL, 1795621438.8143039, 4, 8, NULL, NULL);
INSERT INTO tasks.task VALUES ('01a21360-c55d-71b8-9e36-3ae3afa0edfd', 4294967296, '\x4f6e6520696d706f72746564', false, NULL, 1795621438.8130476, 1, 18, NULL, NULL);


--
-- Name: step_number; Type: SEQUENCE SET; Schema: tasks; Owner: -
--

SELECT pg_catalog.setval('tasks.step_number', 18, true);


--
-- Name: meta meta_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (id);


--
-- Name: step step_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.step
    ADD CONSTRAINT step_pkey PRIMARY KEY (id);


--
-- Name: step_task step_task_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.step_task
    ADD CONSTRAINT step_task_pkey PRIMARY KEY (step, ordinal);


--
-- Name: task task_pkey; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.task
    ADD CONSTRAINT task_pkey PRIMARY KEY (uuid);


--
-- Name: task task_position; Type: CONSTRAINT; Schema: tasks; Owner: -
--

ALTER TABLE ONLY tasks.task
    ADD CONSTRAINT task_position UNIQUE ("position") DEFERRABLE;


--
-- Name: step_author; Type: INDEX; Schema: tasks; Owner: -
--

CREATE INDEX step_author ON tasks.step USING btree (author, id);


--
-- Name: task_removed_by; Type: INDEX; Schema: tasks; Owner: -
--

CREATE INDEX task_removed_by ON tasks.task USING btree (removed_by) WHERE (removed_by IS NOT NULL);


--
-- PostgreSQL database dump complete
--


